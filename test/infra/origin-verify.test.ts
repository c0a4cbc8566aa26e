/**
 * No way around CloudFront: the distribution's API origin carries the secret origin header, its
 * value a dynamic reference to the `current` field of a generated Secrets Manager secret (never
 * in the template), every API function may read that secret and is told its ARN, and
 * `-c originVerifyVersion` pins the version CloudFront sends (docs/operations.md, "Origin header").
 * The chain's check itself: test/unit/shared/origin-verify.test.ts and
 * test/integration/local/origin-header.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { domains } from '../../contract/routes';
import { ORIGIN_VERIFY_HEADER } from '../../contract/design/origin-verify';
import { secretArnVariable } from '../../contract/design/secrets';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { createApp } from '../../lib/stacks/create-app';
import { functionInspector, synthApp, type SynthesisedApp } from '../fixtures/synth';

interface Origin {
  Id: string;
  DomainName: unknown;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
}

const distributionOf = (app: SynthesisedApp) =>
  (
    app.template.toJSON().Resources[logicalIdOf(app.stack.web.distribution)].Properties as {
      DistributionConfig: {
        Origins: Origin[];
        CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
      };
    }
  ).DistributionConfig;

const secretId = (app: SynthesisedApp) =>
  logicalIdOf(app.stack.api.secrets.secrets.originVerifyKey);

/** The API origin: the one whose domain is the execute-api host. */
const apiOrigins = (app: SynthesisedApp): Origin[] =>
  distributionOf(app).Origins.filter((origin) =>
    JSON.stringify(origin.DomainName).includes('execute-api'),
  );

const headerValue = (origin: Origin): string =>
  JSON.stringify(
    origin.OriginCustomHeaders?.find((header) => header.HeaderName === ORIGIN_VERIFY_HEADER)
      ?.HeaderValue,
  );

describe('the origin header', () => {
  const app = synthApp();

  it('is a generated secret whose value is JSON with a "current" field', () => {
    const secret = app.template.toJSON().Resources[secretId(app)];
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      SecretStringTemplate: '{}',
      GenerateStringKey: 'current',
      ExcludePunctuation: true,
      PasswordLength: 64,
    });
  });

  it('is sent by CloudFront to the API, as a reference to the secret, never its value', () => {
    const origins = apiOrigins(app);
    expect(origins.length).toBeGreaterThan(0);
    for (const origin of origins) {
      const value = headerValue(origin);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(':SecretString:current::}}');
      expect(value).toContain(secretId(app));
    }
    // Every behaviour under /api goes to such an origin.
    const ids = new Set(origins.map((origin) => origin.Id));
    const apiBehaviours = distributionOf(app).CacheBehaviors.filter((behaviour) =>
      behaviour.PathPattern.startsWith('/api/'),
    );
    expect(apiBehaviours.length).toBeGreaterThan(0);
    for (const behaviour of apiBehaviours) expect(ids.has(behaviour.TargetOriginId)).toBe(true);
  });

  it('is readable by every API function, which is given its ARN', () => {
    const { variablesOf, statementsOf } = functionInspector(() => app);
    for (const domain of domains) {
      const id = logicalIdOf(app.stack.api.functions.get(domain)!);
      expect(variablesOf(id)[secretArnVariable('originVerifyKey')]).toEqual({ Ref: secretId(app) });
      const reads = statementsOf(id).filter(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes(secretId(app)),
      );
      expect(reads, domain).toHaveLength(1);
    }
  });

  it('pins the version CloudFront sends with -c originVerifyVersion, and checks its shape', () => {
    const version = '3f8a1c2e-7b4d-4e55-9a01-0c2d3e4f5a6b';
    const pinned = synthApp({ originVerifyVersion: version });
    for (const origin of apiOrigins(pinned)) {
      expect(headerValue(origin)).toContain(`:SecretString:current::${version}}}`);
    }
    expect(() => createApp({ context: { originVerifyVersion: 'AWSCURRENT; rm' } })).toThrow(
      /originVerifyVersion/,
    );
  });
});
