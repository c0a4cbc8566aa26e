/**
 * The DynamoDB document client and the table name, created on first use (nothing runs at import)
 * and shared by every entity of the container.
 *
 * Timeouts: a database that stops answering must not hang a request until the Lambda's
 * own timeout (10 s). A connection gets 1 s, a request 2.5 s without a byte, and the SDK's standard
 * retry mode makes at most 2 attempts, so a hung endpoint fails within about 5 s and a refused one
 * at once; the error mapper then answers 503 naming the database (see `isDependencyUnavailable` in
 * shared/errors.ts and shared/dependencies.ts).
 * A healthy DynamoDB answers in milliseconds; 2.5 s of silence is an outage, not a slow query.
 * `removeUndefinedValues` lets services pass optional fields straight through.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { watchDependency } from '../dependencies';

/** The commands that change the table: a 503 after one of them cannot say "nothing was changed". */
const CHANGES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  'ExecuteStatementCommand',
  'BatchExecuteStatementCommand',
  'ExecuteTransactionCommand',
]);

/** Connection and idle-socket limits of every DynamoDB request (milliseconds). */
export const DYNAMODB_TIMEOUTS = {
  connectionTimeout: 1_000,
  requestTimeout: 2_500,
  // Without this the SDK's HTTP handler only logs a warning when requestTimeout passes.
  throwOnRequestTimeout: true,
} as const;
export const DYNAMODB_MAX_ATTEMPTS = 2;

let client: DynamoDBDocumentClient | undefined;

/** The one document client of this container. */
export const documentClient = (): DynamoDBDocumentClient => {
  client ??= DynamoDBDocumentClient.from(
    watchDependency(
      new DynamoDBClient({
        maxAttempts: DYNAMODB_MAX_ATTEMPTS,
        requestHandler: DYNAMODB_TIMEOUTS,
      }),
      'database',
      (command) => CHANGES.has(command),
    ),
    { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true } },
  );
  return client;
};

/** The single table's name (from configuration, checked once). */
export const tableName = (): string => config().TABLE_NAME;
