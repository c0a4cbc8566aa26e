/**
 * The emulators phase of the local stack: picks each emulator's port and starts the four of them
 * side by side; when one fails, the ones that did start are stopped before the error goes up.
 */
import { join } from 'node:path';
import getPort from 'get-port';
import type { EmulatorHandle } from './process';
import { startCognitoLocal, startDynamoDb } from './index';
import { startS3 } from './s3';
import { startSes } from './ses';

/**
 * An emulator port: the variable when set (and then it must be free), else the usual port when
 * free, else any free port. Stable ports keep browser sessions valid across restarts, because
 * cognito-local's token issuer contains its port.
 */
export const choosePort = async (envVar: string, preferred: number): Promise<number> => {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    const port = Number(fromEnv);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`${envVar} must be a port number, got "${fromEnv}".`);
    }
    return port;
  }
  return getPort({ port: preferred });
};

export interface LocalEmulators {
  dynamo: EmulatorHandle;
  cognito: Awaited<ReturnType<typeof startCognitoLocal>>;
  s3: EmulatorHandle;
  ses: EmulatorHandle;
  /** Stops the four of them. */
  stop(): Promise<void>;
}

/** Starts DynamoDB Local, cognito-local, s3rver and the SES stand-in under `dataDir`. */
export const startEmulators = async (dataDir: string): Promise<LocalEmulators> => {
  const [dynamoPort, cognitoPort, s3Port, sesPort] = [
    await choosePort('DYNAMODB_PORT', 8000),
    await choosePort('COGNITO_PORT', 9229),
    await choosePort('S3_PORT', 4569),
    await choosePort('SES_PORT', 8005),
  ];
  const started = await Promise.allSettled([
    startDynamoDb({ port: dynamoPort, path: join(dataDir, 'dynamodb') }),
    startCognitoLocal({ port: cognitoPort, dataDir: join(dataDir, 'cognito') }),
    startS3({ port: s3Port, directory: join(dataDir, 's3') }),
    startSes({ port: sesPort }),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    // Stop what did start, so a failed start leaves no process behind.
    await Promise.all(
      started.map((result) =>
        result.status === 'fulfilled' ? result.value.stop() : Promise.resolve(),
      ),
    );
    throw failure.reason;
  }
  const [dynamo, cognito, s3, ses] = started.map(
    (result) => (result as PromiseFulfilledResult<EmulatorHandle>).value,
  );
  const handles = {
    dynamo: dynamo!,
    cognito: cognito as Awaited<ReturnType<typeof startCognitoLocal>>,
    s3: s3!,
    ses: ses!,
  };
  return {
    ...handles,
    stop: () =>
      Promise.all([
        handles.dynamo.stop(),
        handles.cognito.stop(),
        handles.s3.stop(),
        handles.ses.stop(),
      ]).then(() => undefined),
  };
};
