/**
 * zod without `eval` in the browser. zod compiles object parsers with `new Function` when it may;
 * under our Content-Security-Policy (no 'unsafe-eval', contract/design/web-security.ts) its
 * probe for that is refused, and the browser reports the refusal as a CSP violation even though
 * zod catches it and falls back. Jitless mode skips the probe; the forms' schemas are small, so
 * the interpreted parser costs nothing noticeable.
 *
 * zod keeps its global configuration (what `z.config` sets) on `globalThis.__zod_globalConfig` and
 * adopts an object already there when it loads, so boot (main.tsx) sets `jitless` there before
 * anything else, without loading zod: the home page and the catalog's pages never need it, and a
 * page that does need not wait for a setting first. test/unit/frontend/lib/zod-config.test.ts checks
 * that zod still reads its setting from there.
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

export const configureZodWithoutEval = (): void => {
  // The object itself, never a copy: a zod already loaded keeps a reference to it.
  ((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;
};
