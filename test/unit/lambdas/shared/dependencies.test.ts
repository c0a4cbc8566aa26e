/**
 * A watched SDK client names its dependency on a failure and records, per request, whether a
 * change was sent; the error mapper's 503 says so in words. A real DynamoDB client against a port
 * nothing listens on (refused at once), so no emulator is needed.
 */
import '../../../fixtures/lambda-env';
import { createServer } from 'node:net';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { unavailableMessage } from '../../../../contract/errors';
import {
  dependencyOf,
  noChangeSent,
  trackRequestChanges,
  watchDependency,
} from '../../../../lambdas/shared/dependencies';
import { toErrorResponse } from '../../../../lambdas/shared/http/error-mapper';
import { jsonBody } from '../../../fixtures/api-event';

let endpoint: string;

beforeAll(async () => {
  // A port that was free a moment ago and is closed again: connections to it are refused.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const refusedClient = () =>
  watchDependency(
    new DynamoDBClient({
      endpoint,
      region: 'eu-west-2',
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    }),
    'database',
    (command) => command === 'PutItemCommand',
  );

const failureOf = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('watchDependency', () => {
  it('names the dependency of a failed read and knows nothing was changed', async () => {
    await trackRequestChanges(async () => {
      const error = await failureOf(() =>
        refusedClient().send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })),
      );
      expect(dependencyOf(error)).toBe('database');
      expect(noChangeSent()).toBe(true);
      expect(jsonBody(toErrorResponse(error, true))).toEqual({
        message: unavailableMessage('database', 'read'),
      });
      const written = toErrorResponse(error, false);
      expect(written.statusCode).toBe(503);
      expect(jsonBody(written)).toEqual({
        message:
          'Our database is not answering right now, so nothing was changed. Please try again in a minute.',
      });
    });
  });

  it('does not claim "nothing was changed" once a change was sent', async () => {
    await trackRequestChanges(async () => {
      const error = await failureOf(() =>
        refusedClient().send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } })),
      );
      expect(noChangeSent()).toBe(false);
      expect(jsonBody<{ message: string }>(toErrorResponse(error, false)).message).toBe(
        unavailableMessage('database', 'maybe_changed'),
      );
    });
  });

  it('claims nothing outside a tracked request, and keeps requests apart', async () => {
    expect(noChangeSent()).toBe(false);
    const [first, second] = await Promise.all([
      trackRequestChanges(async () => {
        await failureOf(() =>
          refusedClient().send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } })),
        );
        return noChangeSent();
      }),
      trackRequestChanges(async () => noChangeSent()),
    ]);
    expect(first).toBe(false);
    expect(second).toBe(true);
  });
});
