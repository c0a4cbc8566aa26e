/**
 * Which of our AWS dependencies failed a request, and whether the request had already asked any
 * of them to change something, so the one error mapper can answer a 503 that names the service
 * and says "nothing was changed" only when that was checked.
 *
 * - Each SDK client (DynamoDB, S3, Cognito) carries {@link watchDependency}: a middleware that
 *   marks its failures with the dependency's name and records, per request, that a command which
 *   changes state was sent (sent is enough: a write whose answer was lost may have been applied).
 * - The HTTP chain runs every request inside {@link trackRequestChanges}; outside one (a task, a
 *   test calling a service directly) nothing is known, so nothing is claimed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dependency } from '../../contract/errors';

export type { Dependency };

interface RequestChanges {
  sent: boolean;
}

const requestChanges = new AsyncLocalStorage<RequestChanges>();
const DEPENDENCY = Symbol('dependency');

/** Runs one HTTP request's work with its own record of the changes it sends. */
export const trackRequestChanges = <T>(work: () => Promise<T>): Promise<T> =>
  requestChanges.run({ sent: false }, work);

/**
 * True when this request is known to have sent no change to any watched dependency. Outside a
 * tracked request the answer is false: what was never recorded is never claimed.
 */
export const noChangeSent = (): boolean => requestChanges.getStore()?.sent === false;

/** The dependency whose client threw `error`, if one of the watched clients did. */
export const dependencyOf = (error: unknown): Dependency | undefined =>
  typeof error === 'object' && error !== null
    ? (error as { [DEPENDENCY]?: Dependency })[DEPENDENCY]
    : undefined;

/** The smallest view of an SDK v3 client that a middleware can be added to. */
interface SdkClient {
  middlewareStack: {
    add: (
      middleware: (
        next: (args: unknown) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: unknown) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ) => void;
  };
}

/**
 * Watches one SDK client: `changes(commandName)` says which of its commands change state. Added
 * at the `initialize` step, outside the SDK's retries, so a failure is marked once, after them.
 */
export const watchDependency = <Client>(
  client: Client,
  dependency: Dependency,
  changes: (commandName: string) => boolean,
): Client => {
  (client as unknown as SdkClient).middlewareStack.add(
    (next, context) => async (args) => {
      const store = requestChanges.getStore();
      if (store && changes(context.commandName ?? '')) store.sent = true;
      try {
        return await next(args);
      } catch (error) {
        if (typeof error === 'object' && error !== null && Object.isExtensible(error)) {
          Object.defineProperty(error, DEPENDENCY, { value: dependency, enumerable: false });
        }
        throw error;
      }
    },
    { step: 'initialize', name: 'watchDependency' },
  );
  return client;
};
