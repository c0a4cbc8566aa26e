/**
 * `npm start`: the whole marketplace on this machine (lib/local/stack.ts), data kept under
 * `.local/` between runs, serving the production build of the frontend (`frontend/dist`,
 * compressed and cached as CloudFront serves it; built first when missing or older than its
 * sources). `npm run dev` (`--dev`) serves the frontend through Vite with hot reload instead.
 * `npm run reset` (`--reset-only`) wipes `.local/` and exits.
 *
 * Environment: PORT (default 3000) for the site; DYNAMODB_PORT, COGNITO_PORT, S3_PORT, STRIPE_PORT,
 * GITHUB_PORT, NPM_REGISTRY_PORT pin the emulators' ports (otherwise 8000, 9229, 4569, 12111, 12113,
 * 4873 when free, else
 * any free port); a
 * real STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_*) uses Stripe itself instead
 * of the local Stripe server;
 * beta access is on in the local demo; BETA_ACCESS_ENABLED=false switches it off.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStackError } from '../lib/local/emulators/index';
import { demoAccounts } from '../lib/local/seed/accounts';
import { startLocalStack, type LocalStack } from '../lib/local/stack';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = join(root, '.local');
const frontendDist = join(root, 'frontend', 'dist');

/**
 * What the frontend build reads, besides node_modules (package-lock.json stands for it): the
 * frontend itself, the contract it imports as `@contract`.
 */
const frontendSources = [
  join(root, 'frontend'),
  join(root, 'contract'),
  join(root, 'package-lock.json'),
];

/** The newest modification time under `path` (a file or a folder), skipping `dist`. */
const newestChange = async (path: string): Promise<number> => {
  const stats = await stat(path).catch(() => undefined);
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  const entries = await readdir(path, { withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'dist' && entry.name !== 'node_modules')
      .map((entry) => newestChange(join(path, entry.name))),
  );
  return Math.max(stats.mtimeMs, ...times);
};

/** Builds `frontend/dist` when it is missing or older than any of its sources. */
const ensureFrontendBuilt = async (): Promise<void> => {
  const builtAt = (await stat(join(frontendDist, 'index.html')).catch(() => undefined))?.mtimeMs;
  const changedAt = Math.max(...(await Promise.all(frontendSources.map(newestChange))));
  if (builtAt !== undefined && builtAt >= changedAt) return;
  console.log(
    builtAt === undefined
      ? 'Building the frontend (frontend/dist)…'
      : 'The frontend changed since its last build: rebuilding frontend/dist…',
  );
  const { build } = await import('vite');
  await build({ configFile: join(root, 'frontend', 'vite.config.ts'), logLevel: 'warn' });
};

const main = async () => {
  if (process.argv.includes('--reset-only')) {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`Removed ${dataDir}. The next npm start begins with fresh demo data.`);
    return;
  }

  // `.env` (git-ignored) may hold real third-party keys (README, Configuration); the variables
  // already set in the shell win over it.
  if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new LocalStackError(`PORT must be a port number, got "${process.env.PORT}".`);
  }
  const dev = process.argv.includes('--dev');
  const startedAt = Date.now();
  if (!dev) await ensureFrontendBuilt();
  console.log(
    'Starting the local cloud (DynamoDB Local, cognito-local, s3rver, aws-ses-v2-local, local Stripe, local GitHub, local Netlify)…',
  );

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
    web: dev ? 'dev' : 'dist',
    // On in the local demo; a deployment keeps it off unless its context says otherwise.
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
  ${dev ? 'Frontend: Vite dev server with hot reload.' : 'Frontend: the production build in frontend/dist (npm run dev for hot reload).'}

  Demo accounts:
${accounts}

  Confirmation codes for new sign-ups are printed here.
  Admin MFA: not required here (MFA_REQUIRED_FOR_ADMINS=false); the cloud refuses admins without an authenticator app.
  E-mails the site sends (newsletters, confirmations): ${stack.sesEndpoint}
  Local GitHub (App installs, repositories, webhooks): ${stack.github.endpoint}   git: ${stack.github.gitUrl}/<owner>/<repo>.git
  Local Netlify (buyers' deployed sites): ${stack.netlify.endpoint}/sites/<name>/
  Live previews of version builds (signed addresses only): ${stack.previewUrl}
  Data is kept in .local/ (npm run reset wipes it). Press Ctrl-C to stop.
`);
};

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
