/**
 * The secrets of contract/design/secrets.ts as Secrets Manager secrets with generated
 * values: nobody types them, the template holds only their ARNs, and a function reads one only
 * when `grantTo` gave it both the permission and the `<NAME>_SECRET_ARN` variable.
 */
import { Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  generatedJsonKeyOf,
  isStackSecret,
  secretArnVariable,
  secretDesign,
  type StackSecretName,
} from '../../contract/design/secrets';
import type { MarketplaceFunction } from './marketplace-function';

export class Secrets extends Construct {
  readonly secrets: Readonly<Record<StackSecretName, Secret>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // A secret created beside what it belongs to (the preview signing key) is not made here.
    const names = (Object.keys(secretDesign) as (keyof typeof secretDesign)[]).filter(
      isStackSecret,
    );
    const entries = names.map((name) => {
      const design = secretDesign[name];
      const jsonKey = generatedJsonKeyOf(name);
      const secret = new Secret(this, name, {
        description: design.description,
        generateSecretString: {
          passwordLength: 64,
          excludePunctuation: true,
          ...(jsonKey ? { secretStringTemplate: '{}', generateStringKey: jsonKey } : {}),
        },
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: design.notRotatedBecause,
      });
      return [name, secret] as const;
    });
    this.secrets = Object.fromEntries(entries) as Record<StackSecretName, Secret>;
  }

  /** Lets `fn` read the named secrets: read permission plus the ARN variable. */
  grantTo(fn: MarketplaceFunction, names: readonly StackSecretName[]): void {
    for (const name of names) {
      const secret = this.secrets[name];
      secret.grantRead(fn);
      fn.addEnvironment(secretArnVariable(name), secret.secretArn);
    }
  }
}
