/**
 * The resources phase of the local stack: the user pool, the table and the buckets the CDK would
 * create, made in the emulators from the shared designs, and the local secrets. The pool's ids,
 * the secrets and the token key survive restarts through `state.json` in the data folder.
 */
import { join } from 'node:path';
import { completeLocalSecrets, generateTokenLocalKey } from '../cloud/lambda-env';
import { readLocalState, writeLocalState } from '../state';
import {
  createCognitoClient,
  createDynamoClient,
  createS3Client,
  ensureBuckets,
  ensureTable,
  ensureUserPool,
  localBucketNames,
} from './resources';
import type { LocalEmulators } from './start';

/** The table name on a laptop; in the cloud the CDK names it and passes it by environment. */
export const LOCAL_TABLE_NAME = 'marketplace';

/** Creates (or finds) the stack's resources and returns the clients and secrets the rest needs. */
export const provisionResources = async (emulators: LocalEmulators, dataDir: string) => {
  const stateFile = join(dataDir, 'state.json');
  const state = await readLocalState(stateFile);
  const cognitoClient = createCognitoClient(emulators.cognito.endpoint);
  const s3Client = createS3Client(emulators.s3.endpoint);
  const [userPool] = await Promise.all([
    ensureUserPool(cognitoClient, { poolName: 'marketplace-local', existing: state.userPool }),
    ensureTable(createDynamoClient(emulators.dynamo.endpoint), LOCAL_TABLE_NAME),
    ensureBuckets(s3Client, localBucketNames),
  ]);
  const localSecrets = completeLocalSecrets(state.secrets);
  const tokenLocalKey = state.tokenLocalKey ?? generateTokenLocalKey();
  await writeLocalState(stateFile, { ...state, userPool, secrets: localSecrets, tokenLocalKey });
  return { cognitoClient, s3Client, userPool, localSecrets, tokenLocalKey };
};

export type LocalResources = Awaited<ReturnType<typeof provisionResources>>;
