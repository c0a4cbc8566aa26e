/** aws-ses-v2-local, in this process: where the mailer sends, with a web inbox. */
import { assertPortFree, httpAnswers, waitUntil, type EmulatorHandle } from './process';

type SesServer = (typeof import('aws-ses-v2-local'))['default'];

export interface SesOptions {
  port: number;
}

/**
 * Starts aws-ses-v2-local in this process: the SES v2 API (`SendEmail`, Simple content with
 * headers, Raw, templates) that the mailer talks to through `AWS_ENDPOINT_URL_SESV2`, a web inbox
 * of every message sent at `/`, and the messages as JSON at `GET /store` (tests read it). Messages
 * live in memory: a restart empties the inbox.
 */
export const startSes = async (options: SesOptions): Promise<EmulatorHandle> => {
  if (options.port !== 0) await assertPortFree(options.port, 'aws-ses-v2-local', 'SES_PORT');
  // A CommonJS module with `exports.default`: Node's ESM loader wraps it once more than tsx does.
  const loaded = (await import('aws-ses-v2-local')) as unknown as {
    default: SesServer | { default: SesServer };
  };
  const sesServer = 'default' in loaded.default ? loaded.default.default : loaded.default;
  // On loopback only, like the other emulators.
  const server = await sesServer({ host: '127.0.0.1', port: options.port });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil('aws-ses-v2-local', () => httpAnswers(`${endpoint}/health-check`), {
    timeoutMs: 10_000,
  });
  return {
    endpoint,
    port,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
