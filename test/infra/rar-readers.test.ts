/**
 * Every function that reads RAR bundles (the upload scan, the dependency audit) carries unrar's
 * WebAssembly beside its bundle: without it, the first RAR in a Lambda finds no binary
 * (lambdas/shared/archives/unrar.ts), and no other function carries it.
 */
import { describe, expect, it } from 'vitest';
import { synthApp } from '../fixtures/synth';

const UNRAR_WASM = 'node_modules/node-unrar-js/dist/js/unrar.wasm';

describe('unrar beside the bundles that read RAR', () => {
  it('the scan and the audit, and no other processing task', () => {
    const { stack } = synthApp();
    const tasks = stack.processing.taskFunctions;
    expect(tasks.ScanFunctionArn.filesBesideBundle).toEqual([UNRAR_WASM]);
    expect(tasks.AuditFunctionArn.filesBesideBundle).toEqual([UNRAR_WASM]);
    const others = Object.entries(tasks).filter(
      ([name]) => name !== 'ScanFunctionArn' && name !== 'AuditFunctionArn',
    );
    for (const [name, fn] of others) expect(fn.filesBesideBundle, name).toEqual([]);
  });
});
