import { describe, expect, it } from 'vitest';
import {
  AWS_KEY,
  JWT_SECRET,
  PRODUCTION_DATABASE_URL,
  STRIPE_LIVE,
} from '../../../fixtures/archives/fake-secrets';
import {
  djangoCookiecutter,
  fastapiFullStack,
  nextSupabaseStarter,
  SPHINX_MAKE_BAT,
} from '../../../fixtures/archives/clean-templates';
import { checkEntryContent, checkEntryName } from '../../../../lambdas/processing/scanner/rules';
import {
  envValueIsSecret,
  isExampleEnvName,
  looksRandom,
  shannonEntropy,
} from '../../../../lambdas/processing/scanner/secrets';

const bytes = (text: string | Uint8Array) =>
  typeof text === 'string' ? new TextEncoder().encode(text) : text;
const contentFindings = (name: string, text: string | Uint8Array) =>
  checkEntryContent(name, bytes(text));
const rulesOf = (name: string, text: string) => contentFindings(name, text).map((f) => f.rule);

describe('example environment files are examples', () => {
  const names = [
    '.env.example',
    '.env.local.example',
    '.env.development.example',
    '.env.sample',
    '.env.local.sample',
    '.env.template',
    '.env.dist',
    '.env.defaults',
    'example.env',
    'sample.env',
    '.env.example.local',
    'env.example',
    '.env-example',
    '.env_sample',
  ];
  for (const name of names) {
    it(`does not refuse a filled-in ${name}`, () => {
      expect(isExampleEnvName(name)).toBe(true);
      expect(
        contentFindings(
          `app/${name}`,
          `SESSION_SECRET=${JWT_SECRET}\nDATABASE_URL=${PRODUCTION_DATABASE_URL}\n`,
        ),
      ).toEqual([]);
    });
  }

  it('still searches an example file for live keys', () => {
    expect(rulesOf('app/.env.example', `STRIPE_SECRET_KEY=${STRIPE_LIVE}\n`)).toEqual([
      'stripe-secret-key',
    ]);
  });

  it('reads .env, .env.local and .env.production as real environment files', () => {
    for (const name of ['.env', '.env.local', '.env.production', 'production.env']) {
      expect(isExampleEnvName(name)).toBe(false);
      expect(rulesOf(`app/${name}`, `JWT_SECRET=${JWT_SECRET}\n`)).toEqual(['env-file']);
    }
  });

  it("passes a Next.js starter's .env.local.example of public values and placeholders", () => {
    expect(
      contentFindings(
        'nextjs-supabase-starter/.env.local.example',
        nextSupabaseStarter['nextjs-supabase-starter/.env.local.example'] as string,
      ),
    ).toEqual([]);
  });
});

describe('real environment files: only values that look like secrets count', () => {
  it("passes a Supabase starter's local .env (localhost, publishable and demo keys)", () => {
    const env = nextSupabaseStarter['nextjs-supabase-starter/.env'] as string;
    expect(env).toContain('NEXT_PUBLIC_SUPABASE_URL=http://localhost:54321');
    expect(env).toContain('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_test_51');
    expect(contentFindings('nextjs-supabase-starter/.env', env)).toEqual([]);
  });

  it("passes the FastAPI template's .env of changethis placeholders", () => {
    const env = fastapiFullStack['full-stack-fastapi-template/.env'] as string;
    expect(env).toMatch(/^SECRET_KEY=changethis$/m);
    expect(env).toMatch(/^POSTGRES_PASSWORD=changethis$/m);
    expect(env).toMatch(/^FIRST_SUPERUSER_PASSWORD=changethis$/m);
    expect(env).toMatch(/^DOMAIN=localhost$/m);
    expect(contentFindings('full-stack-fastapi-template/.env', env)).toEqual([]);
  });

  it('never counts public prefixes, whatever their value looks like', () => {
    for (const name of [
      'NEXT_PUBLIC_API_TOKEN',
      'VITE_SECRET',
      'PUBLIC_KEY',
      'EXPO_PUBLIC_AUTH_KEY',
      'REACT_APP_API_KEY',
      'NUXT_PUBLIC_TOKEN',
      'GATSBY_SECRET_KEY',
    ]) {
      expect(envValueIsSecret(name, JWT_SECRET), name).toBe(false);
    }
  });

  it('never counts placeholders, flags, numbers, ports or short values under secret names', () => {
    for (const value of [
      'changethis',
      'changeme',
      'change-me',
      'replace-me',
      'your-secret-key-here',
      'your_api_key',
      'xxx',
      'xxxxxxxxxxxxxxxxxxxxxxxx',
      '<your-token>',
      '${JWT_SECRET}',
      'secret',
      'password',
      'test',
      'dev',
      'true',
      'False',
      '3600',
      '5432',
      'abc123',
      'super-secret-jwt-key-change-in-production',
      'this-is-a-long-secret-for-development-only',
      'mysecretpassword123456',
      'keyboard cat',
    ]) {
      expect(envValueIsSecret('JWT_SECRET', value), value).toBe(false);
    }
  });

  it('never counts local or placeholder database URLs', () => {
    for (const url of [
      'postgres://user:password@localhost:5432/app',
      'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      'postgres://app:Zq3vN8xK1pR7tYb2@db:5432/app',
      'mysql://root:Zq3vN8xK1pR7tYb2@mysql.local/app',
      'postgres://app:changethis@db.example.com/app',
      'redis://redis:6379/0',
      'https://api.example.com',
      'postgres://app@prod-db.eu-west-1.rds.amazonaws.com/app',
    ]) {
      expect(envValueIsSecret('DATABASE_URL', url), url).toBe(false);
    }
  });

  it('counts a password in a production database URL, whatever the variable is called', () => {
    expect(envValueIsSecret('DATABASE_URL', PRODUCTION_DATABASE_URL)).toBe(true);
    expect(envValueIsSecret('PRIMARY_STORE', PRODUCTION_DATABASE_URL)).toBe(true);
    expect(
      envValueIsSecret(
        'SENTRY_DSN',
        'https://kP4xR9vT2wLq:Bn7ZcM3yHs8J@o4508.ingest.sentry.io/4508123',
      ),
    ).toBe(true);
  });

  it('counts a high-entropy value under a name that means a secret, and only there', () => {
    expect(envValueIsSecret('JWT_SECRET', JWT_SECRET)).toBe(true);
    expect(envValueIsSecret('NEXTAUTH_SECRET', 'm7Yq2bX9kLp4Tz8RwC3vN6sD1fG5hJ0a')).toBe(true);
    expect(envValueIsSecret('OPENAI_API_KEY', 'Hk8sT3mQ9wZr2LxV7cN4bJ6yP1dF5gA0')).toBe(true);
    expect(envValueIsSecret('DB_PASSWORD', 'q7Vx2LmZ9rT4wKc8')).toBe(true);
    expect(envValueIsSecret('ENCRYPTION_KEY', 'a3f9c2e17b4d8056e1f2a9c3b7d40e6f')).toBe(true);
    // The same randomness under a name that is not a secret's: a build id, a client id.
    expect(envValueIsSecret('BUILD_ID', JWT_SECRET)).toBe(false);
    expect(envValueIsSecret('GOOGLE_CLIENT_ID', JWT_SECRET)).toBe(false);
  });

  it("never counts Supabase's browser keys, and still counts its service role key", () => {
    const token = (claims: object) =>
      `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${'Qm3xT9vK2pL7wR4yN8cZ1bH6jF5gD0sA'}`;
    const anon = token({ iss: 'supabase', ref: 'abcdefghijklmnopqrst', role: 'anon' });
    const serviceRole = token({
      iss: 'supabase',
      ref: 'abcdefghijklmnopqrst',
      role: 'service_role',
    });
    expect(envValueIsSecret('SUPABASE_ANON_KEY', anon)).toBe(false);
    expect(envValueIsSecret('SUPABASE_KEY', 'sb_publishable_' + 'x7Kq2mZ9vT4wLc8R')).toBe(false);
    expect(envValueIsSecret('SUPABASE_SERVICE_ROLE_KEY', serviceRole)).toBe(true);
  });

  it('counts live-format keys whatever the variable is called', () => {
    expect(envValueIsSecret('STRIPE', STRIPE_LIVE)).toBe(true);
    expect(envValueIsSecret('NEXT_PUBLIC_STRIPE_KEY', STRIPE_LIVE)).toBe(true);
    expect(envValueIsSecret('STRIPE_PUBLISHABLE_KEY', 'pk_live_51HqLyjWDarjtT1zdp7dcXYZab')).toBe(
      false,
    );
  });

  it('refuses a .env with a live Stripe key, naming the variable and never the value', () => {
    const found = contentFindings('app/.env', `PORT=3000\nSTRIPE_SECRET_KEY=${STRIPE_LIVE}\n`);
    expect(found.map((f) => f.rule)).toEqual(['env-file', 'stripe-secret-key']);
    expect(found[0]!.message).toBe(
      'is an environment file with values that look like secrets (STRIPE_SECRET_KEY); ship a .env.example with empty values instead',
    );
    expect(JSON.stringify(found)).not.toContain(STRIPE_LIVE);
  });

  it('refuses a .env with a high-entropy JWT_SECRET among placeholders', () => {
    const found = contentFindings(
      'api/.env',
      `DOMAIN=localhost\nSECRET_KEY=changethis\nJWT_SECRET="${JWT_SECRET}" # rotate yearly\n`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'env-file',
        message: expect.stringContaining('(JWT_SECRET)'),
      }),
    ]);
    expect(JSON.stringify(found)).not.toContain(JWT_SECRET);
  });

  it('refuses AWS keys in a .env and live keys in code', () => {
    expect(rulesOf('app/.env', `AWS_ACCESS_KEY_ID=${AWS_KEY}\n`)).toEqual([
      'env-file',
      'aws-access-key',
    ]);
    expect(
      rulesOf('app/src/pay.ts', `export const stripe = new Stripe('${STRIPE_LIVE}');\n`),
    ).toEqual(['stripe-secret-key']);
    expect(rulesOf('app/src/aws.ts', `const id = '${AWS_KEY}';\n`)).toEqual(['aws-access-key']);
  });
});

describe('randomness of a value', () => {
  it('tells generated tokens from words and URLs', () => {
    const tokens = [
      JWT_SECRET,
      'q7Vx2LmZ9rT4wKc8',
      'a3f9c2e17b4d8056e1f2a9c3b7d40e6f',
      '8f14e45fceea167a5a36dedd4bea2543',
      'django-insecure-4m$k2x^9qz@w7v!r3t#8b&n1p*5s(0yj)6fhc=ul+d',
      'kx9m2vq7t4wz8rb3np6yj1hc5fd0sl2g',
    ];
    const words = [
      'changethis',
      'https://my-project.supabase.co',
      'super-secret-jwt-key-change-in-production',
      'ThisIsMyDevelopmentSecret',
      'averylongsecretphrasethatnobodywillguess',
      'replace-with-a-long-random-string',
      'generate-with-openssl-rand-base64-32',
    ];
    for (const token of tokens) expect(looksRandom(token), token).toBe(true);
    for (const word of words) expect(looksRandom(word), word).toBe(false);
  });

  it('measures Shannon entropy in bits per character', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
    expect(shannonEntropy('0123456789abcdef')).toBe(4);
  });
});

describe('scripts are text', () => {
  for (const name of [
    'docs/make.bat',
    'scripts/start.cmd',
    'scripts/setup.ps1',
    'run.sh',
    'x.vbs',
  ]) {
    it(`does not refuse ${name} by its name`, () => {
      expect(checkEntryName(`app/${name}`)).toEqual([]);
    });
  }

  it("passes Sphinx's make.bat and cookiecutter-django's docs/make.bat", () => {
    expect(contentFindings('docs/make.bat', SPHINX_MAKE_BAT)).toEqual([]);
    const cookiecutter = djangoCookiecutter['my_awesome_project/docs/make.bat'] as string;
    expect(contentFindings('my_awesome_project/docs/make.bat', cookiecutter)).toEqual([]);
  });

  it('searches a script for secrets like any text file', () => {
    expect(rulesOf('deploy.bat', `set STRIPE_KEY=${STRIPE_LIVE}\r\n`)).toEqual([
      'stripe-secret-key',
    ]);
    expect(rulesOf('deploy.ps1', `$env:AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`)).toEqual([
      'aws-access-key',
    ]);
  });

  it('still refuses compiled programs by name and by magic bytes', () => {
    for (const name of ['setup.exe', 'native.dll', 'libfoo.so', 'libfoo.so.1.2', 'libbar.dylib']) {
      expect(
        checkEntryName(`app/${name}`).map((f) => f.rule),
        name,
      ).toEqual(['executable']);
    }
    const pe = new Uint8Array(128);
    pe.set([0x4d, 0x5a]);
    expect(contentFindings('app/make.bat', pe).map((f) => f.rule)).toEqual(['executable']);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    expect(contentFindings('app/run.sh', elf).map((f) => f.rule)).toEqual(['executable']);
  });
});
