/**
 * Beta access in the synthesised app: the profiles function may create and delete Cognito users
 * (on this pool only) and read the rate-limit key only where `betaAccess` is switched on (in every
 * deployment it may move users between role groups, for admin user management); the
 * hourly cleanup may delete users (and nothing else in Cognito) in every deployment, so accounts
 * started before the switch was turned off are removed too. cdk-nag stays clean in both (a
 * finding fails the synth).
 */
import type { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../contract/design/schedules';
import { domains, routesOf } from '../../contract/routes';
import { logicalIdOf, type MarketplaceFunction } from '../../lib/constructs/marketplace-function';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** Admin user management's role changes, in every deployment. */
const GROUP_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminRemoveUserFromGroup',
];

/**
 * The account function, in every deployment: closure deletes the caller's own user; an admin's
 * reset of a lost authenticator app turns the user's TOTP off.
 */
const CLOSURE_ACTIONS = ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminSetUserMFAPreference'];

const BETA_USER_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminSetUserPassword',
];

const statementsOf = (app: SynthesisedApp, fn: MarketplaceFunction): Statement[] => {
  const policy = fn.executionRole.node.tryFindChild('DefaultPolicy') as Construct | undefined;
  expect(policy).toBeDefined();
  const resource = app.template.toJSON().Resources[logicalIdOf(policy!)] as {
    Properties: { PolicyDocument: { Statement: Statement[] } };
  };
  return resource.Properties.PolicyDocument.Statement;
};

/** Functions with admin routes also check the admin's authenticator app (AdminGetUser). */
const ADMIN_MFA_ACTION = 'cognito-idp:AdminGetUser';
const withMfaCheck = (domain: (typeof domains)[number], actions: readonly string[]) =>
  routesOf(domain).some((route) => route.access === 'admin')
    ? [...actions, ADMIN_MFA_ACTION].sort()
    : [...actions];

/** What a function without other Cognito rights has: the MFA check, on admin routes only. */
const mfaOnly = (app: SynthesisedApp, domain: (typeof domains)[number]) =>
  withMfaCheck(domain, []).length > 0
    ? [{ actions: withMfaCheck(domain, []), resource: poolArn(app) }]
    : [];

const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The Cognito statements of a function, with their actions sorted. */
const cognitoStatementsOf = (app: SynthesisedApp, fn: MarketplaceFunction) =>
  statementsOf(app, fn)
    .filter((statement) => actionsOf(statement).some((action) => action.startsWith('cognito-idp:')))
    .map((statement) => ({ actions: actionsOf(statement).sort(), resource: statement.Resource }));

const poolArn = (app: SynthesisedApp) => ({
  'Fn::GetAtt': [logicalIdOf(app.stack.auth.userPool), 'Arn'],
});

const environmentOf = (app: SynthesisedApp, fn: MarketplaceFunction): Record<string, unknown> =>
  (
    app.template.toJSON().Resources[logicalIdOf(fn)] as {
      Properties: { Environment: { Variables: Record<string, unknown> } };
    }
  ).Properties.Environment.Variables;

const apiFunction = (app: SynthesisedApp, domain: (typeof domains)[number]) => {
  const fn = app.stack.api.functions.get(domain);
  expect(fn, domain).toBeDefined();
  return fn!;
};

const cleanupFunction = (app: SynthesisedApp) => {
  const fn = app.stack.schedules.functions.get('closeExpiredBetaAccounts');
  expect(fn).toBeDefined();
  return fn!;
};

let off: SynthesisedApp;
let on: SynthesisedApp;

beforeAll(() => {
  off = synthApp();
  on = synthApp({ betaAccess: true });
});

describe('beta access grants', () => {
  it('gives the profiles and seller applications functions only the role-group rights, and the account function only the closure right, while beta access is off (the default)', () => {
    // An approved seller application moves the applicant to the seller role group.
    for (const domain of ['profiles', 'seller-applications'] as const) {
      expect(cognitoStatementsOf(off, apiFunction(off, domain)), domain).toEqual([
        { actions: withMfaCheck(domain, GROUP_ACTIONS), resource: poolArn(off) },
      ]);
    }
    expect(cognitoStatementsOf(off, apiFunction(off, 'account'))).toEqual([
      { actions: withMfaCheck('account', CLOSURE_ACTIONS), resource: poolArn(off) },
    ]);
    for (const domain of domains.filter(
      (name) => name !== 'profiles' && name !== 'seller-applications' && name !== 'account',
    )) {
      expect(cognitoStatementsOf(off, apiFunction(off, domain)), domain).toEqual(
        mfaOnly(off, domain),
      );
    }
    const profiles = environmentOf(off, apiFunction(off, 'profiles'));
    expect(profiles.BETA_ACCESS_ENABLED).toBe('false');
    expect(profiles).not.toHaveProperty('RATE_LIMIT_KEY_SECRET_ARN');
  });

  it('lets only the profiles function create users (and the account function delete its own), on this pool only, when on', () => {
    expect(cognitoStatementsOf(on, apiFunction(on, 'profiles'))).toEqual([
      { actions: withMfaCheck('profiles', BETA_USER_ACTIONS), resource: poolArn(on) },
    ]);
    expect(cognitoStatementsOf(on, apiFunction(on, 'seller-applications'))).toEqual([
      { actions: withMfaCheck('seller-applications', GROUP_ACTIONS), resource: poolArn(on) },
    ]);
    for (const domain of domains.filter(
      (name) => name !== 'profiles' && name !== 'seller-applications' && name !== 'account',
    )) {
      expect(cognitoStatementsOf(on, apiFunction(on, domain)), domain).toEqual(mfaOnly(on, domain));
    }
    // The rate-limit key: read permission and its ARN, nothing in clear.
    const profiles = apiFunction(on, 'profiles');
    expect(environmentOf(on, profiles)).toHaveProperty('RATE_LIMIT_KEY_SECRET_ARN');
    expect(environmentOf(on, profiles)).not.toHaveProperty('RATE_LIMIT_KEY');
    const secretReads = statementsOf(on, profiles).filter((statement) =>
      actionsOf(statement).includes('secretsmanager:GetSecretValue'),
    );
    // The rate-limit key's, the cursor signing key's (admin user lists, in every deployment) and
    // the origin header's, which every API function checks.
    expect(secretReads).toHaveLength(3);
  });

  it('runs the cleanup hourly in every deployment, allowed to delete users and nothing more in Cognito', () => {
    expect(schedules.closeExpiredBetaAccounts.cron).toBe('15 * * * ? *');
    for (const app of [off, on]) {
      const fn = cleanupFunction(app);
      expect(cognitoStatementsOf(app, fn)).toEqual([
        { actions: ['cognito-idp:AdminDeleteUser'], resource: poolArn(app) },
      ]);
      const actions = statementsOf(app, fn).flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:Query']));
      expect(actions.some((action) => action.startsWith('s3:'))).toBe(false);
      expect(environmentOf(app, fn)).toMatchObject({
        USER_POOL_ID: { Ref: logicalIdOf(app.stack.auth.userPool) },
      });
      app.template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(15 * * * ? *)',
      });
    }
  });
});
