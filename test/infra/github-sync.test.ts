/**
 * The seller's GitHub integration as deployed: the github-sync state machine is the ASL file with
 * logging and tracing and its two task functions; the push webhook route has no authorizer; the
 * token vault's KMS key rotates and only the functions that seal or open secrets may use it;
 * the App's private key reaches only the github function and the sync tasks; only the github
 * function may start a sync, and only RegisterVersion (of the sync) may start processing besides
 * the templates function. cdk-nag runs in the synth.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { secretArnVariable } from '../../contract/design/secrets';
import {
  apiRouteResources,
  functionInspector,
  synthApp,
  type SynthesisedApp,
} from '../fixtures/synth';

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp({ githubAppId: 123456, githubAppSlug: 'mvp-marketplace' });
});

const { functions, idOf: functionIdOf, variablesOf, actionsOf } = functionInspector(() => app);

const syncMachine = () => {
  const found = Object.entries(
    app.template.findResources('AWS::StepFunctions::StateMachine'),
  ).filter(([logicalId]) => logicalId.startsWith('GithubSync'));
  expect(found).toHaveLength(1);
  return {
    logicalId: found[0]![0],
    props: found[0]![1].Properties as Record<string, unknown> & {
      DefinitionSubstitutions: Record<string, { 'Fn::GetAtt': [string, string] }>;
      LoggingConfiguration: { Level: string; IncludeExecutionData: boolean };
      TracingConfiguration: { Enabled: boolean };
    },
  };
};

describe('github-sync', () => {
  it('is the ASL file with its two tasks and its catch-all, logged and traced', () => {
    const { props } = syncMachine();
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual([
      'FetchArchiveFunctionArn',
      'MarkSyncFailedFunctionArn',
      'RegisterVersionFunctionArn',
    ]);
    expect(props.DefinitionSubstitutions.FetchArchiveFunctionArn['Fn::GetAtt'][0]).toMatch(
      /^GithubSyncFetchArchiveFunction/,
    );
    expect(props.LoggingConfiguration).toMatchObject({ Level: 'ALL' });
    expect(props.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('the webhook route has no authorizer; the seller routes have the JWT one', () => {
    const routes = apiRouteResources(app);
    const route = (key: string) => routes.find((candidate) => candidate.RouteKey === key);
    expect(route('POST /api/webhooks/github')?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route('PUT /api/my/mvps/{id}/github')?.AuthorizationType).toBe('JWT');
    expect(route('POST /api/github/app/installations')?.AuthorizationType).toBe('JWT');
  });

  it('the vault key rotates; only the functions that seal or open tokens and secrets may use it', () => {
    const keys = app.template.findResources('AWS::KMS::Key');
    const vaultKeys = Object.entries(keys).filter(([id]) => id.startsWith('GithubSyncTokenKey'));
    expect(vaultKeys).toHaveLength(1);
    expect(vaultKeys[0]![1].Properties.EnableKeyRotation).toBe(true);
    const withKms = Object.keys(functions()).filter((id) =>
      actionsOf(id).some((action) => action.startsWith('kms:')),
    );
    // The seller's webhook secrets (github) and the buyers' OAuth tokens (deployments and the
    // buyer-deploy tasks, test/infra/buyer-deploy.test.ts).
    expect(withKms.sort()).toEqual(
      [
        functionIdOf('ApiGithubFunction'),
        functionIdOf('ApiDeploymentsFunction'),
        functionIdOf('BuyerDeployCreateRepositoryFunction'),
        functionIdOf('BuyerDeployCreateSiteFunction'),
        functionIdOf('BuyerDeployCheckSiteFunction'),
        functionIdOf('BuyerDeployOpenUpgradeFunction'),
        functionIdOf('BuyerDeployMarkFailedFunction'),
      ].sort(),
    );
    for (const id of withKms) {
      expect(
        actionsOf(id)
          .filter((action) => action.startsWith('kms:'))
          .sort(),
      ).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
      expect(variablesOf(id)).toHaveProperty('TOKEN_KMS_KEY_ARN');
    }
  });

  it('the App key reaches only the github function and the sync tasks; only github starts syncs', () => {
    const keyVariable = secretArnVariable('githubAppPrivateKey');
    const withKey = Object.keys(functions())
      .filter((id) => keyVariable in variablesOf(id))
      .sort();
    expect(withKey).toEqual(
      [
        functionIdOf('ApiGithubFunction'),
        functionIdOf('GithubSyncFetchArchiveFunction'),
        functionIdOf('GithubSyncRegisterVersionFunction'),
      ].sort(),
    );
    const starters = Object.keys(functions()).filter(
      (id) => 'GITHUB_SYNC_STATE_MACHINE_ARN' in variablesOf(id),
    );
    expect(starters).toEqual([functionIdOf('ApiGithubFunction')]);
    expect(variablesOf(functionIdOf('ApiGithubFunction'))).toMatchObject({
      GITHUB_APP_ID: '123456',
      GITHUB_APP_SLUG: 'mvp-marketplace',
    });
    expect(
      'PROCESSING_STATE_MACHINE_ARN' in
        variablesOf(functionIdOf('GithubSyncRegisterVersionFunction')),
    ).toBe(true);
  });
});
