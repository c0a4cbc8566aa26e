/**
 * The table, buckets and user pool the local stack creates match the shared designs the CDK
 * reads, and creating them again changes nothing.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  createCognitoClient,
  createDynamoClient,
  createS3Client,
  ensureBuckets,
  ensureTable,
  ensureUserPool,
} from '../../../lib/local/emulators/resources';
import { tableDesign } from '../../../contract/design/table-design';
import { authDesign } from '../../../contract/design/auth-design';
import { storageDesign } from '../../../contract/design/storage-design';
import { localCloud } from '../../fixtures/users';

describe('the table', () => {
  it('has the keys, GSIs, billing mode and TTL of table-design.ts, and survives a second create', async () => {
    const client = createDynamoClient(localCloud().dynamodbEndpoint);
    const tableName = process.env.TABLE_NAME!;
    await ensureTable(client, tableName);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    const indexes = (Table?.GlobalSecondaryIndexes ?? [])
      .map((index) => ({
        indexName: index.IndexName,
        partitionKey: index.KeySchema?.find((key) => key.KeyType === 'HASH')?.AttributeName,
        sortKey: index.KeySchema?.find((key) => key.KeyType === 'RANGE')?.AttributeName,
        projection: index.Projection?.ProjectionType,
      }))
      .sort((a, b) => String(a.indexName).localeCompare(String(b.indexName)));
    expect(indexes).toEqual(
      tableDesign.globalIndexes.map((index) => ({ ...index, projection: 'ALL' })),
    );
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      AttributeName: tableDesign.timeToLiveAttribute,
      TimeToLiveStatus: 'ENABLED',
    });
  });
});

describe('the buckets', () => {
  it('carry the CORS rule of storage-design.ts, and survive a second create', async () => {
    const client = createS3Client(localCloud().s3Endpoint);
    const buckets = {
      mvpFiles: process.env.MVP_FILES_BUCKET!,
      previewImages: process.env.PREVIEW_IMAGES_BUCKET!,
    };
    await ensureBuckets(client, buckets);
    for (const bucket of Object.values(buckets)) {
      const cors = await client.send(new GetBucketCorsCommand({ Bucket: bucket }));
      expect(cors.CORSRules).toHaveLength(1);
      expect(cors.CORSRules?.[0]).toMatchObject({
        AllowedMethods: [...storageDesign.cors.allowedMethods],
        AllowedOrigins: ['*'],
        AllowedHeaders: [...storageDesign.cors.allowedHeaders],
        ExposeHeaders: [...storageDesign.cors.exposedHeaders],
        MaxAgeSeconds: storageDesign.cors.maxAgeSeconds,
      });
    }
  });

  it('answer a browser preflight for a presigned upload from the site origin', async () => {
    const url = `${localCloud().s3Endpoint}/${process.env.MVP_FILES_BUCKET}/${storageDesign.uploadsPrefix}bundle.zip`;
    const response = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:3000)$/,
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});

describe('the user pool', () => {
  it('signs in by email with the password policy, role attribute, client flows and groups of auth-design.ts', async () => {
    const { cognitoEndpoint, userPoolId, userPoolClientId } = localCloud();
    const client = createCognitoClient(cognitoEndpoint);
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    expect(UserPool?.UsernameAttributes).toEqual([authDesign.usernameAttribute]);
    expect(UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(authDesign.passwordMinLength);
    expect(UserPool?.SchemaAttributes?.map((attribute) => attribute.Name)).toContain(
      authDesign.roleAttribute,
    );
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }),
    );
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual([...authDesign.clientAuthFlows]);
    const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    expect(Groups?.map((group) => group.GroupName).sort()).toEqual([...authDesign.groups].sort());
  });

  it('is reused, not recreated, when its ids are known; recreated when they are stale', async () => {
    const { cognitoEndpoint, userPoolId, userPoolClientId } = localCloud();
    const client = createCognitoClient(cognitoEndpoint);
    const again = await ensureUserPool(client, {
      poolName: 'integration',
      existing: { userPoolId, userPoolClientId },
    });
    expect(again).toEqual({ userPoolId, userPoolClientId });
    const fresh = await ensureUserPool(client, {
      poolName: 'stale',
      existing: { userPoolId: 'local_gone', userPoolClientId: 'gone' },
    });
    expect(fresh.userPoolId).not.toBe('local_gone');
    const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: fresh.userPoolId }));
    expect(Groups).toHaveLength(authDesign.groups.length);
  });
});

describe('the second factor', () => {
  it('has the MFA setting of auth-design.ts: optional, by authenticator app', async () => {
    const { cognitoEndpoint, userPoolId } = localCloud();
    const client = createCognitoClient(cognitoEndpoint);
    const config = await client.send(new GetUserPoolMfaConfigCommand({ UserPoolId: userPoolId }));
    expect(config.MfaConfiguration).toBe(authDesign.mfa);
    expect(config.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
  });

  it('asks a user with an authenticator app for its code, and an admin can turn the app off', async () => {
    const { cognitoEndpoint, userPoolId, userPoolClientId } = localCloud();
    const client = createCognitoClient(cognitoEndpoint);
    const email = `totp-${Date.now()}@example.com`;
    const password = 'secret-1';
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const signIn = () =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    // No app yet: the password alone signs in.
    const AccessToken = (await signIn()).AuthenticationResult?.AccessToken;
    expect(AccessToken).toBeTruthy();
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    const app = new TOTP({ secret: Secret.fromBase32(SecretCode!) });
    await client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: app.generate() }));
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const challenged = await signIn();
    expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenged.AuthenticationResult).toBeUndefined();
    const answer = (code: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenged.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const wrong = app.generate() === '000000' ? '111111' : '000000';
    await expect(answer(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect((await answer(app.generate())).AuthenticationResult?.IdToken).toBeTruthy();

    // The lost-phone path: AdminSetUserMFAPreference (lib/local/emulators/cognito-local-extensions.mjs).
    await client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: userPoolId,
        Username: sub,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: sub }),
    );
    expect(user.UserMFASettingList ?? []).toEqual([]);
    expect((await signIn()).AuthenticationResult?.IdToken).toBeTruthy();
    await expect(
      client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: userPoolId,
          Username: 'nobody-here',
          SoftwareTokenMfaSettings: { Enabled: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
