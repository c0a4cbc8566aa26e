/**
 * zod without `eval` in the browser. zod compiles object parsers with `new Function` when it may;
 * under our Content-Security-Policy (no 'unsafe-eval', contract/design/web-security.ts) its
 * probe for that is refused, and the browser reports the refusal as a CSP violation even though
 * zod catches it and falls back. Jitless mode skips the probe; the forms' schemas are small, so
 * the interpreted parser costs nothing noticeable. zod reads the setting when a schema is built,
 * so lazyPage (lazy-page.ts) loads this before any page's code (the shell and the home page hold
 * no schema). `zod/v4/core` holds zod's global configuration, the same object `z.config` sets.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
