/**
 * The environment every Lambda of ours reads through lambdas/shared/config.ts, built once for the
 * API functions and the processing tasks alike (the local stack's twin is lib/local/cloud/lambda-env.ts).
 */
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { LambdaEnvironment } from '../../contract/design/lambda-environment';
import type { Data } from './data';

export interface FunctionEnvironmentProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
}

export const functionEnvironment = ({ data, userPool, webClient }: FunctionEnvironmentProps) =>
  ({
    TABLE_NAME: data.table.tableName,
    MVP_FILES_BUCKET: data.mvpFilesBucket.bucketName,
    PREVIEW_IMAGES_BUCKET: data.previewImagesBucket.bucketName,
    USER_POOL_ID: userPool.userPoolId,
    USER_POOL_CLIENT_ID: webClient.userPoolClientId,
    DEPLOYMENT_MODE: 'cloud',
    MFA_REQUIRED_FOR_ADMINS: 'true',
  }) satisfies LambdaEnvironment;
