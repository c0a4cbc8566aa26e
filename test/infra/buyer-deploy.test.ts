/**
 * Buyer deploys as deployed: the buyer-deploy state machine is the ASL file with its
 * seven task functions, logged and traced; only the deployments function (and the downloads
 * function, for the phase `advisories`) may start it; the deployment routes carry the JWT
 * authorizer; the OAuth client secrets reach only the deployments function (the tasks hold no
 * credential of their own, only the vault key to open a buyer's token); the repository, plan and
 * upgrade tasks read bundles under `mvps/` and nothing else of the bucket; the OAuth client ids
 * come from context; a site step outlasts its calls timing out. cdk-nag runs in the synth.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { secretArnVariable } from '../../contract/design/secrets';
import { DEPLOY_SITE_STEP_CALLS, worstCaseMs } from '../../contract/third-parties';
import { LIMIT_WAIT } from '../../lambdas/shared/adapters/github-throttle';
import { aslFileOf } from '../../lib/constructs/workflow';
import {
  apiRouteResources,
  functionInspector,
  synthApp,
  type SynthesisedApp,
} from '../fixtures/synth';

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp({ githubOAuthClientId: 'Ov23example', netlifyClientId: 'netlify-example' });
});

const { functions, idOf: functionIdOf, variablesOf, statementsOf } = functionInspector(() => app);

const TASKS = [
  'CreateRepository',
  'PlanSite',
  'CreateSite',
  'CheckSite',
  'OpenUpgrade',
  'MarkFailed',
  // The security alerts domain's: the buyer told of the deployed version's known advisories.
  'TellDeployer',
] as const;

describe('buyer-deploy', () => {
  it('is the ASL file with its seven tasks, logged and traced', () => {
    const machines = Object.entries(
      app.template.findResources('AWS::StepFunctions::StateMachine'),
    ).filter(([logicalId]) => logicalId.startsWith('BuyerDeploy'));
    expect(machines).toHaveLength(1);
    const props = machines[0]![1].Properties as {
      DefinitionSubstitutions: Record<string, { 'Fn::GetAtt': [string, string] }>;
      LoggingConfiguration: { Level: string };
      TracingConfiguration: { Enabled: boolean };
    };
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual(
      TASKS.map((task) => `${task}FunctionArn`).sort(),
    );
    for (const task of TASKS) {
      expect(props.DefinitionSubstitutions[`${task}FunctionArn`]!['Fn::GetAtt'][0]).toMatch(
        new RegExp(`^BuyerDeploy${task}Function`),
      );
    }
    expect(props.LoggingConfiguration).toMatchObject({ Level: 'ALL' });
    expect(props.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('only the deployments function (and downloads, for phase advisories) starts it, with the OAuth client ids from context', () => {
    const starters = Object.keys(functions()).filter(
      (id) => 'BUYER_DEPLOY_STATE_MACHINE_ARN' in variablesOf(id),
    );
    expect(starters.sort()).toEqual(
      [functionIdOf('ApiDeploymentsFunction'), functionIdOf('ApiDownloadsFunction')].sort(),
    );
    // The downloads function starts the machine and nothing more: no token, no OAuth client.
    expect(variablesOf(functionIdOf('ApiDownloadsFunction'))).not.toHaveProperty(
      'GITHUB_OAUTH_CLIENT_ID',
    );
    expect(variablesOf(functionIdOf('ApiDeploymentsFunction'))).toMatchObject({
      GITHUB_OAUTH_CLIENT_ID: 'Ov23example',
      NETLIFY_CLIENT_ID: 'netlify-example',
    });
    expect(variablesOf(functionIdOf('ApiDeploymentsFunction'))).toHaveProperty('SITE_URL');
  });

  it('every deployment route has the JWT authorizer', () => {
    const routes = apiRouteResources(app);
    const deployRoutes = routes.filter(
      (route) =>
        route.RouteKey.includes('/api/deployments') ||
        route.RouteKey.endsWith('/api/my/deployments') ||
        route.RouteKey.endsWith('/api/my/connections'),
    );
    expect(deployRoutes).toHaveLength(12);
    for (const route of deployRoutes) expect(route.AuthorizationType, route.RouteKey).toBe('JWT');
  });

  it('the OAuth client secrets reach only the deployments function', () => {
    for (const secret of ['githubOAuthClientSecret', 'netlifyClientSecret'] as const) {
      const holders = Object.keys(functions()).filter(
        (id) => secretArnVariable(secret) in variablesOf(id),
      );
      expect(holders, secret).toEqual([functionIdOf('ApiDeploymentsFunction')]);
    }
  });

  it('the repository, plan and upgrade tasks read bundles under mvps/ only; the others read no bucket', () => {
    const s3Resources = (id: string) =>
      statementsOf(id)
        .filter((statement) =>
          (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).some((action) =>
            action.startsWith('s3:'),
          ),
        )
        .map((statement) => JSON.stringify(statement.Resource));
    for (const task of ['CreateRepository', 'PlanSite', 'OpenUpgrade']) {
      const resources = s3Resources(functionIdOf(`BuyerDeploy${task}Function`));
      expect(resources.length, task).toBeGreaterThan(0);
      for (const resource of resources) expect(resource).toContain('/mvps/*');
    }
    for (const task of ['CreateSite', 'CheckSite', 'MarkFailed', 'TellDeployer']) {
      expect(s3Resources(functionIdOf(`BuyerDeploy${task}Function`)), task).toEqual([]);
    }
  });

  it("GitHub's long waits are retried by the machine, within its timeout and the functions'", () => {
    // The machine is the ASL file, uploaded as an asset (the first test).
    const definition = JSON.parse(readFileSync(aslFileOf('buyer-deploy'), 'utf8')) as {
      TimeoutSeconds: number;
      States: Record<
        string,
        {
          TimeoutSeconds: number;
          Retry: {
            ErrorEquals: string[];
            IntervalSeconds: number;
            MaxAttempts: number;
            BackoffRate: number;
          }[];
        }
      >;
    };
    for (const task of ['CreateRepository', 'OpenUpgrade']) {
      const state = definition.States[task]!;
      const limited = state.Retry.find((retry) =>
        retry.ErrorEquals.includes('GithubRateLimitedError'),
      );
      expect(limited, task).toBeDefined();
      // Minutes apart, so the hour GitHub counts moves on between attempts.
      expect(limited!.IntervalSeconds).toBeGreaterThanOrEqual(300);
      const waits = Array.from(
        { length: limited!.MaxAttempts },
        (_, attempt) => limited!.IntervalSeconds * limited!.BackoffRate ** attempt,
      ).reduce((sum, wait) => sum + wait, 0);
      // Every attempt at its longest, and every wait between them, inside the execution.
      expect(state.TimeoutSeconds * (limited!.MaxAttempts + 1) + waits).toBeLessThanOrEqual(
        definition.TimeoutSeconds,
      );
      // The function can spend the client's own waits and still finish before the task's timeout.
      const fn = functions()[functionIdOf(`BuyerDeploy${task}Function`)]!.Properties as {
        Timeout: number;
      };
      expect(fn.Timeout).toBeGreaterThan(LIMIT_WAIT.totalSeconds * 2);
      expect(fn.Timeout).toBeLessThan(state.TimeoutSeconds);
    }
  });

  it('a site step outlasts its Netlify and GitHub calls all timing out, and retries their errors', () => {
    const definition = JSON.parse(readFileSync(aslFileOf('buyer-deploy'), 'utf8')) as {
      States: Record<string, { TimeoutSeconds: number; Retry: { ErrorEquals: string[] }[] }>;
    };
    for (const [task, calls] of Object.entries(DEPLOY_SITE_STEP_CALLS)) {
      const fn = functions()[functionIdOf(`BuyerDeploy${task}Function`)]!.Properties as {
        Timeout: number;
      };
      // Every call at its budget in turn (check-site then asks the site, 10 s at most).
      const worst =
        calls.github * worstCaseMs('github') + calls.netlify * worstCaseMs('netlify') + 10_000;
      expect(fn.Timeout * 1000, task).toBeGreaterThan(worst);
      const state = definition.States[task]!;
      expect(state.TimeoutSeconds, task).toBeGreaterThanOrEqual(fn.Timeout);
      expect(
        state.Retry.flatMap((retry) => retry.ErrorEquals),
        task,
      ).toEqual(expect.arrayContaining(['NetlifyUnavailableError', 'GithubUnavailableError']));
    }
  });
});
