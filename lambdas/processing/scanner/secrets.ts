/**
 * What counts as a committed secret: known key formats anywhere in a text file, and, in a real
 * environment file, the variables whose values look like secrets. Templates ship environment
 * files full of public settings and development placeholders (`NEXT_PUBLIC_SITE_URL`,
 * `SECRET_KEY=changethis`, a database on localhost); refusing those would refuse most real
 * starters, so only values a person could not have typed as a placeholder count. Values are never
 * returned, only variable names (a finding ends up in the table and in logs).
 */

/** Key formats recognised wherever they appear. */
export const SECRET_PATTERNS: {
  rule: string;
  pattern: RegExp;
  message: string;
  ignore?: RegExp;
}[] = [
  {
    rule: 'private-key',
    pattern: /-----BEGIN ((RSA|DSA|EC|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY( BLOCK)?-----/,
    message: 'contains a private key',
  },
  {
    rule: 'aws-access-key',
    pattern: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/g,
    message: 'contains an AWS access key id',
    // AWS's own documentation key, quoted in countless READMEs.
    ignore: /EXAMPLE$/,
  },
  {
    rule: 'aws-secret-key',
    pattern: /aws_?secret_?(access_?)?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/gi,
    message: 'contains an AWS secret access key',
    ignore: /EXAMPLEKEY/,
  },
  {
    rule: 'stripe-secret-key',
    pattern: /\b(sk|rk)_(live|test)_[0-9a-zA-Z]{16,}\b/g,
    message: 'contains a Stripe secret key',
    ignore: /_(x+|X+|0+)$/,
  },
  {
    rule: 'github-token',
    pattern: /\b(gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,})\b/g,
    message: 'contains a GitHub access token',
  },
  {
    rule: 'slack-token',
    pattern: /\bxox[baprs]-[0-9A-Za-z-]{10,}\b/g,
    message: 'contains a Slack token',
  },
  {
    rule: 'google-api-key',
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g,
    message: 'contains a Google API key',
  },
];

/** The known formats `text` contains (each pattern's finding once). */
export const knownSecretsIn = (text: string): typeof SECRET_PATTERNS =>
  SECRET_PATTERNS.filter(({ pattern, ignore }) => {
    if (!pattern.global) return pattern.test(text);
    return [...text.matchAll(pattern)].some(([value]) => !ignore?.test(value));
  });

/**
 * Whether a file name is an environment file's: `.env`, `.env.local`, `.env.production`,
 * `production.env`. Example files (below) are excluded by the caller.
 */
export const isEnvFileName = (base: string): boolean =>
  /^\.env([.\-_].+)?$/i.test(base) || /^[^.]+\.env$/i.test(base);

/**
 * Whether an environment file's name says it is an example to copy: any part of the name (split
 * at dots, dashes and underscores) is example, sample, template, dist, defaults and the like:
 * `.env.example`, `.env.local.sample`, `example.env`, `.env-example`, `.env.example.local`.
 */
export const isExampleEnvName = (base: string): boolean =>
  base
    .toLowerCase()
    .split(/[.\-_]/)
    .some((part) => EXAMPLE_PARTS.has(part));

const EXAMPLE_PARTS = new Set([
  'example',
  'examples',
  'sample',
  'samples',
  'template',
  'tpl',
  'tmpl',
  'dist',
  'default',
  'defaults',
  'skel',
]);

/** Prefixes frameworks bundle into the browser: their values are public by design. */
const PUBLIC_PREFIX =
  /^(NEXT_PUBLIC_|VITE_|PUBLIC_|EXPO_PUBLIC_|REACT_APP_|NUXT_PUBLIC_|NUXT_ENV_|GATSBY_|VUE_APP_|STORYBOOK_)/i;

/** Parts of a variable's name that say its value is a secret. */
const SECRET_NAME_PARTS = new Set([
  'SECRET',
  'SECRETS',
  'TOKEN',
  'KEY',
  'APIKEY',
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PWD',
  'PRIVATE',
  'CREDENTIAL',
  'CREDENTIALS',
  'AUTH',
  'SALT',
  'DSN',
]);
const SECRET_NAME_ENDINGS = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD'];
/** A last part that makes the variable about the secret, not the secret (`AUTH_URL`, `KEY_ID`). */
const NOT_SECRET_LAST_PARTS = new Set([
  'ID',
  'URL',
  'URI',
  'HOST',
  'PORT',
  'USER',
  'USERNAME',
  'NAME',
  'REGION',
  'ENDPOINT',
  'DOMAIN',
  'EMAIL',
  'PATH',
  'FILE',
  'ALGORITHM',
  'EXPIRES',
  'EXPIRY',
  'TTL',
  'LENGTH',
  'PROVIDER',
  'ENABLED',
]);

const nameMeansSecret = (name: string): boolean => {
  const parts = name.toUpperCase().split(/[_.-]+/);
  if (parts.includes('PUBLIC') || parts.includes('PUBLISHABLE')) return false;
  if (NOT_SECRET_LAST_PARTS.has(parts.at(-1) ?? '')) return false;
  return parts.some(
    (part) =>
      SECRET_NAME_PARTS.has(part) || SECRET_NAME_ENDINGS.some((ending) => part.endsWith(ending)),
  );
};

/** Values that say "put yours here" or are plainly not secret (flags, numbers, ports). */
const PLACEHOLDER =
  /^(x+|\*+|0+|\.{3}|<.*>|\[.*\]|\{.*\}|\$\{.*\}|\$[A-Z_]+|%.*%|change[-_ ]?(me|this|it)|replace[-_ ]?(me|this|it)|your[-_a-z0-9 ]*|my[-_ ][-_a-z0-9 ]*|example[-_a-z0-9]*|placeholder|todo|tbd|fixme|none|null|nil|undefined|secret|password|passwd|pass|test|testing|dev|development|local|admin|root|postgres|mysql|default|empty|''|""|true|false|yes|no|on|off)$/i;

/**
 * Words that development secrets are made of: removed before the randomness of what is left is
 * measured, so "super-secret-jwt-key-change-in-production" reads as words and a random token
 * stays one. Longest first, so "development" goes whole rather than as "dev" plus "elopment".
 */
const DEVELOPER_WORDS = new RegExp(
  `(${[
    'secret',
    'secrets',
    'password',
    'passwd',
    'pass',
    'key',
    'keys',
    'token',
    'dev',
    'development',
    'develop',
    'local',
    'localhost',
    'test',
    'testing',
    'change',
    'changethis',
    'changeme',
    'this',
    'that',
    'your',
    'yours',
    'our',
    'super',
    'insecure',
    'unsafe',
    'production',
    'prod',
    'staging',
    'replace',
    'random',
    'string',
    'long',
    'jwt',
    'app',
    'api',
    'not',
    'use',
    'used',
    'only',
    'for',
    'example',
    'sample',
    'demo',
    'default',
    'value',
    'here',
    'with',
    'keyboard',
    'cat',
    'please',
    'set',
    'the',
    'and',
    'signing',
    'session',
    'cookie',
    'auth',
    'admin',
    'user',
    'database',
    'postgres',
    'mysql',
    'redis',
    'supabase',
    'stripe',
    'private',
    'encryption',
    'hash',
    'salt',
    'some',
    'very',
    'really',
    'strong',
    'hard',
    'guess',
    'put',
    'generate',
    'generated',
    'least',
    'characters',
    'chars',
    'bit',
    'bits',
    'openssl',
    'rand',
    'base64',
    'hex',
    'run',
    'command',
    'phrase',
  ]
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
  'gi',
);

/** Shannon entropy of `text` in bits per character. */
export const shannonEntropy = (text: string): number => {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...text].length;
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / length;
    bits -= p * Math.log2(p);
  }
  return bits;
};

/**
 * The share of `text` in runs of four letters or more whose vowels are as frequent as in words
 * (a quarter to three fifths): high for "averylongphrase", low for a random token.
 */
const wordShare = (text: string): number => {
  let inWords = 0;
  for (const [run] of text.matchAll(/[A-Z]?[a-z]{3,}|[A-Z]{4,}/g)) {
    const vowels = (run.match(/[aeiouy]/gi) ?? []).length / run.length;
    if (run.length >= 4 && vowels >= 0.25 && vowels <= 0.6) inWords += run.length;
  }
  return inWords / Math.max(1, text.length);
};

/**
 * Whether `value` reads as a generated token rather than something typed: at least 16
 * characters, and, once developer words and separators are taken out, hex of 16 characters or
 * more at 3 bits a character, or 12 characters or more at 3.3 bits that are not mostly words.
 * Measured on tokens in base64, base62, base36 and hex (16 to 64 characters: from 78% of the
 * shortest base36 to every hex or base64 of 24 and more) against the phrases of real templates.
 */
export const looksRandom = (value: string): boolean => {
  if (value.length < 16) return false;
  const rest = value.replace(DEVELOPER_WORDS, '').replace(/[-_.\s/:+=!@#$%^&*~]/g, '');
  if (/^[0-9a-f]+$/i.test(rest)) return rest.length >= 16 && shannonEntropy(rest) >= 3;
  return rest.length >= 12 && shannonEntropy(rest) >= 3.3 && wordShare(rest) < 0.5;
};

/**
 * Hosts a template's development setup points at: loopback, names with no dot (docker compose
 * services such as `db`), and the reserved `.local`, `.localhost`, `.test`, `.example` and
 * example.com names.
 */
const isLocalHost = (host: string): boolean => {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    !name.includes('.') ||
    name === '0.0.0.0' ||
    name === '::1' ||
    /^127\./.test(name) ||
    name === 'host.docker.internal' ||
    /\.(local|localhost|test|example|invalid|internal)$/.test(name) ||
    /(^|\.)example\.(com|org|net)$/.test(name)
  );
};

/** Whether the value is a URL whose password is a real one (not a placeholder, not local). */
const urlWithRealPassword = (value: string): boolean | undefined => {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@([^/?#:\s]*|\[[^\]]*\])/i.exec(value);
  if (!match) return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? false : undefined;
  const [user = '', password] = match[1]!.split(/:(.*)/s);
  if (password === undefined || isLocalHost(match[2]!)) return false;
  const decoded = safeDecode(password);
  return decoded.length >= 8 && decoded !== safeDecode(user) && !PLACEHOLDER.test(decoded);
};

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The claims of a JSON Web Token, or null when the value is not one. */
const jwtClaims = (value: string): Record<string, unknown> | null => {
  const payload = /^eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+$/.exec(value)?.[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * Supabase keys made for the browser: a project's anon key (a token whose role is `anon`), its
 * `sb_publishable_` key, and every key a local Supabase prints (`supabase start`, signed with its
 * published development secret, so they open nothing but the seller's own laptop).
 */
const isSupabasePublicKey = (value: string): boolean => {
  if (value.startsWith('sb_publishable_')) return true;
  const claims = jwtClaims(value);
  return claims !== null && (claims.iss === 'supabase-demo' || claims.role === 'anon');
};

/** Whether one variable's value is a secret, by its name and its value. */
export const envValueIsSecret = (name: string, value: string): boolean => {
  if (knownSecretsIn(value).length > 0) return true;
  if (PUBLIC_PREFIX.test(name)) return false;
  if (value.length < 8 || PLACEHOLDER.test(value) || /^[\d.:-]+$/.test(value)) return false;
  // Stripe's publishable keys are meant for the browser.
  if (/^pk_(test|live)_/.test(value)) return false;
  if (isSupabasePublicKey(value)) return false;
  const url = urlWithRealPassword(value);
  if (url !== undefined) return url;
  return nameMeansSecret(name) && looksRandom(value);
};

/** Names of an environment file's variables whose values look like secrets (never the values). */
export const secretEnvVariables = (text: string): string[] => {
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const value = match[2]!.replace(/\s+#.*$/, '').replace(/^(['"])(.*)\1$/, '$2');
    if (envValueIsSecret(match[1]!, value)) names.push(match[1]!);
  }
  return names;
};
