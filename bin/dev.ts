/**
 * `npm start`: the whole marketplace on this machine (lib/local/stack.ts), data kept under
 * `.local/` between runs. `npm run reset` (`--reset-only`) wipes `.local/` and exits.
 *
 * Environment: PORT (default 3000) for the site; DYNAMODB_PORT, COGNITO_PORT, S3_PORT pin the
 * emulators' ports (otherwise 8000, 9229, 4569 when free, else any free port);
 * beta access is on in the local demo; BETA_ACCESS_ENABLED=false switches it off.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStackError } from '../lib/local/emulators';
import { demoAccounts } from '../lib/local/seed/accounts';
import { startLocalStack, type LocalStack } from '../lib/local/stack';

const dataDir = join(fileURLToPath(new URL('..', import.meta.url)), '.local');

const main = async () => {
  if (process.argv.includes('--reset-only')) {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`Removed ${dataDir}. The next npm start begins with fresh demo data.`);
    return;
  }

  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new LocalStackError(`PORT must be a port number, got "${process.env.PORT}".`);
  }
  const startedAt = Date.now();
  console.log('Starting the local cloud (DynamoDB Local, cognito-local, s3rver)…');

  // Set once started; the signal handlers below may run before that.
  const running: { stack?: LocalStack } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down…`);
    await running.stack?.stop();
    process.exit(0);
  };
  // Registered before the start, so Ctrl-C during start still stops the emulators it began.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const stack = await startLocalStack({
    port,
    dataDir,
    seed: true,
    web: 'dev',
    // On in the local demo (issue 3); a deployment keeps it off unless its context says otherwise.
    betaAccess: process.env.BETA_ACCESS_ENABLED !== 'false',
  });
  running.stack = stack;
  if (stopping) {
    await stack.stop();
    return;
  }

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const accounts = demoAccounts
    .filter((account) => account.printed)
    .map(
      (account) =>
        `    ${account.email.padEnd(20)} password ${account.password}   (${account.role})`,
    )
    .join('\n');
  console.log(`
  Marketplace running at ${stack.url}   (ready in ${seconds} s)

  Demo accounts:
${accounts}

  Confirmation codes for new sign-ups are printed here.
  Data is kept in .local/ (npm run reset wipes it). Press Ctrl-C to stop.
`);
};

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
