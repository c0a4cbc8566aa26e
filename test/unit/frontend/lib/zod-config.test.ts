/**
 * Boot sets zod's jitless mode before any zod is loaded (frontend/src/lib/zod-config.ts): zod
 * must still take its setting from the object on `globalThis`, or the pages' schemas would probe
 * `new Function` under our CSP again. (Other tests of this worker may have loaded zod already;
 * the setting must hold either way.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { configureZodWithoutEval } from '../../../../frontend/src/lib/zod-config';

interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}
const global = globalThis as ZodGlobal;
const jitlessBefore = global.__zod_globalConfig?.jitless;

afterEach(() => {
  if (global.__zod_globalConfig) global.__zod_globalConfig.jitless = jitlessBefore;
});

describe("zod's browser setting", () => {
  it('is the configuration zod reads', async () => {
    configureZodWithoutEval();
    const { config } = await import('zod/v4/core');
    expect(config()).toBe(global.__zod_globalConfig);
    expect(config().jitless).toBe(true);
    // Set again (boot runs once per page, but twice must not matter): zod's object keeps it.
    configureZodWithoutEval();
    expect(config().jitless).toBe(true);
  });
});
