/**
 * Creates the table, the buckets and the user pool in the emulators from the same designs the CDK
 * reads (table-design.ts, storage-design.ts, auth-design.ts), so both targets behave alike. Every
 * function is idempotent: a second start finds what the first one made and reuses it.
 */
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  SetUserPoolMfaConfigCommand,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { tableDesign } from '../../../contract/design/table-design';
import { authDesign } from '../../../contract/design/auth-design';
import { storageDesign } from '../../../contract/design/storage-design';

export const LOCAL_REGION = 'us-east-1';
/**
 * DynamoDB Local (with `-sharedDb`) and cognito-local accept any credentials; s3rver checks
 * signatures against its one built-in key pair, so every local client and handler uses that pair.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const createDynamoClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

export const createS3Client = (endpoint: string) =>
  new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    // s3rver serves buckets by path only.
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });

export const createCognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });

/** Creates the single table with its GSIs and TTL, unless it exists. */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<void> => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  const attributeDefinitions: AttributeDefinition[] = keyNames.map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  // A create whose answer was lost (a busy emulator, the SDK's retry) finds the table made.
  await client
    .send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions,
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ResourceInUseException)) throw error;
    });
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus === 'ENABLED') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    }),
  );
};

export interface BucketNames {
  mvpFiles: string;
  previewImages: string;
  /** Version builds' records and static output (absent: none made). */
  livePreviews?: string;
}

export const localBucketNames: BucketNames = {
  mvpFiles: storageDesign.localBucketNames.mvpFiles,
  previewImages: storageDesign.localBucketNames.previewImages,
  livePreviews: storageDesign.localBucketNames.livePreviews,
};

/**
 * The CORS rule of storage-design.ts. The browser runs on the local server's origin, a different
 * port than s3rver, so presigned uploads and downloads need it just as in the cloud.
 */
const corsConfiguration = {
  CORSRules: [
    {
      AllowedOrigins: ['*'],
      AllowedMethods: [...storageDesign.cors.allowedMethods],
      AllowedHeaders: [...storageDesign.cors.allowedHeaders],
      ExposeHeaders: [...storageDesign.cors.exposedHeaders],
      MaxAgeSeconds: storageDesign.cors.maxAgeSeconds,
    },
  ],
};

/** Creates the buckets with their CORS configuration; existing buckets are kept. */
export const ensureBuckets = async (client: S3Client, names: BucketNames): Promise<void> => {
  for (const bucket of [names.mvpFiles, names.previewImages, names.livePreviews]) {
    if (!bucket) continue;
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
    await client.send(
      new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: corsConfiguration }),
    );
  }
};

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

const poolExists = async (client: CognitoIdentityProviderClient, ids: UserPoolIds) => {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await client.send(
      new DescribeUserPoolClientCommand({
        UserPoolId: ids.userPoolId,
        ClientId: ids.userPoolClientId,
      }),
    );
    return true;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'ResourceNotFoundException') return false;
    throw error;
  }
};

/**
 * Creates the user pool, its web client and its groups, or reuses `existing` when the pool and
 * client are still there (cognito-local keeps them in its data folder between runs).
 */
export const ensureUserPool = async (
  client: CognitoIdentityProviderClient,
  options: { poolName: string; existing?: UserPoolIds },
): Promise<UserPoolIds> => {
  let ids =
    options.existing && (await poolExists(client, options.existing)) ? options.existing : undefined;
  if (!ids) {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: options.poolName,
        UsernameAttributes: [authDesign.usernameAttribute],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: authDesign.passwordMinLength,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: !authDesign.selfSignUp },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        MfaConfiguration: authDesign.mfa,
        Schema: [
          {
            // `custom:role`: the schema names the attribute without its `custom:` prefix.
            Name: authDesign.roleAttribute.replace(/^custom:/, ''),
            AttributeDataType: 'String',
            Mutable: true,
          },
        ],
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local created a user pool without an id.');
    const appClient = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: `${options.poolName}-web`,
        GenerateSecret: false,
        ExplicitAuthFlows: [...authDesign.clientAuthFlows] as ExplicitAuthFlowsType[],
        IdTokenValidity: authDesign.idTokenValidityMinutes,
        AccessTokenValidity: authDesign.accessTokenValidityMinutes,
        RefreshTokenValidity: authDesign.refreshTokenValidityDays,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    const userPoolClientId = appClient.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local created an app client without an id.');
    ids = { userPoolId, userPoolClientId };
  }
  // The design's second factor, also on a pool an older run made without it (cognito-local's
  // default is OFF: a user with an authenticator app would sign in with the password alone).
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: ids.userPoolId,
      MfaConfiguration: authDesign.mfa,
      SoftwareTokenMfaConfiguration: {
        Enabled: authDesign.enabledMfas.includes('SOFTWARE_TOKEN_MFA'),
      },
    }),
  );
  const listed = await client.send(new ListGroupsCommand({ UserPoolId: ids.userPoolId }));
  const present = new Set((listed.Groups ?? []).map((group) => group.GroupName));
  for (const group of authDesign.groups) {
    if (present.has(group)) continue;
    await client.send(new CreateGroupCommand({ UserPoolId: ids.userPoolId, GroupName: group }));
  }
  return ids;
};
