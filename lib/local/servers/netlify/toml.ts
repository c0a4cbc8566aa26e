/**
 * The few keys of `netlify.toml` the local build reads: `[build]` `base`, `publish` and `command`.
 * A line reader, not a TOML parser: `key = "value"` (or `'value'`) lines inside the `[build]` table;
 * everything else (other tables, arrays of tables, other keys, multi-line values) is skipped.
 */
export interface BuildConfig {
  base?: string;
  publish?: string;
  command?: string;
}

const KEYS = new Set(['base', 'publish', 'command']);

/** `"a \"b\""` → `a "b"`; `'raw'` → `raw`; anything else (numbers, arrays) → undefined. */
const stringValue = (raw: string): string | undefined => {
  const basic = /^"((?:[^"\\]|\\.)*)"\s*(?:#.*)?$/.exec(raw);
  if (basic) return basic[1]!.replace(/\\(["\\])/g, '$1');
  const literal = /^'([^']*)'\s*(?:#.*)?$/.exec(raw);
  return literal ? literal[1] : undefined;
};

export const readBuildConfig = (text: string): BuildConfig => {
  const config: BuildConfig = {};
  let table = '';
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(trimmed);
    if (header) {
      // `[[redirects]]` and `[build.environment]` are other tables than `[build]`.
      table = trimmed.startsWith('[[') ? '' : header[1]!.replace(/\s*\.\s*/g, '.');
      continue;
    }
    const pair = /^([A-Za-z0-9_.-]+|"[^"]*")\s*=\s*(.*)$/.exec(trimmed);
    if (!pair) continue;
    const key = pair[1]!.replace(/^"|"$/g, '');
    const dotted =
      table === '' && key.startsWith('build.') ? key.slice('build.'.length) : undefined;
    const name = table === 'build' ? key : dotted;
    if (!name || !KEYS.has(name)) continue;
    const value = stringValue(pair[2]!.trim());
    if (value !== undefined) config[name as keyof BuildConfig] = value;
  }
  return config;
};
