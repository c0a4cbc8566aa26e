/**
 * The official unrar compiled to WebAssembly (node-unrar-js), RAR 4 and RAR 5 alike, for every
 * reader of RAR bundles: the upload scan (lambdas/processing/scanner/rar.ts) and the dependency
 * audit (lambdas/security/bundle-files.ts). The Emscripten glue and the binary load on the first
 * RAR a container meets, so a function that never meets one loads neither.
 *
 * unrar asks for a file system: `InMemoryExtractor` serves the archive from memory (a bundle is at
 * most 100 MB) and leaves what happens to each extracted file to its subclass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The CommonJS build in every target (esbuild would otherwise pick the package's `module` build
// for these and the CommonJS one for the singleton below, bundling Emscripten's glue twice).
import { Extractor, type SeekMethod } from 'node-unrar-js/dist/js/Extractor.js';

export { UnrarError, type FileHeader } from 'node-unrar-js/dist/js/Extractor.js';

/** The largest RAR read into memory: the upload limit (100 MB). */
export const MAX_RAR_BYTES = 100 * 1024 * 1024;

const ARCHIVE_PATH = 'bundle.rar';

/**
 * The archive read from memory, and the files unrar extracts kept by descriptor: what is kept of
 * each (`F`) is the subclass's, through `startFile` and `writeFile`.
 */
export abstract class InMemoryExtractor<F> extends Extractor {
  protected _filePath = ARCHIVE_PATH;
  private readonly archive: Uint8Array;
  private position = 0;
  /** Descriptors 0 and 1 are the archive's (`open`); extracted files get 2 and up. */
  private nextFd = 2;
  private readonly extracting = new Map<number, F>();

  /** A file unrar starts extracting: what is kept of it. */
  protected abstract startFile(filename: string): F;
  /** `size` bytes at `buf` for `file`; false refuses them, and unrar stops that file. */
  protected abstract writeFile(file: F, buf: number, size: number): boolean;

  protected create(filename: string): number {
    const fd = this.nextFd++;
    this.extracting.set(fd, this.startFile(filename));
    return fd;
  }

  protected closeFile(fd: number): void {
    this.extracting.delete(fd);
  }

  protected write(fd: number, buf: number, size: number): boolean {
    const file = this.extracting.get(fd);
    return file !== undefined && this.writeFile(file, buf, size);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-unrar-js types it as any
  constructor(unrar: any, archive: Uint8Array) {
    super(unrar);
    this.archive = archive;
    // unrar calls back into the extractor set on its module (one archive at a time per container).
    unrar.extractor = this;
  }

  /** Bytes `size` long at `buf` in unrar's memory, copied out. */
  protected bytesAt(buf: number, size: number): Buffer {
    return Buffer.from(this.unrar.HEAPU8.slice(buf, buf + size));
  }

  protected open(filename: string): number {
    if (filename !== ARCHIVE_PATH) return 0;
    this.position = 0;
    return 1;
  }

  protected read(fd: number, buf: number, size: number): number {
    if (fd !== 1) return -1;
    const chunk = this.archive.subarray(this.position, this.position + size);
    this.unrar.HEAPU8.set(chunk, buf);
    this.position += chunk.byteLength;
    return chunk.byteLength;
  }

  protected tell(fd: number): number {
    return fd === 1 ? this.position : -1;
  }

  protected seek(fd: number, pos: number, method: SeekMethod): boolean {
    if (fd !== 1) return false;
    const next =
      method === 'SET'
        ? pos
        : method === 'CUR'
          ? this.position + pos
          : this.archive.byteLength - pos;
    if (next < 0 || next > this.archive.byteLength) return false;
    this.position = next;
    return true;
  }
}

/**
 * The WebAssembly module: its binary next to the bundle in a Lambda (the CDK copies it there for
 * each function that reads RAR), else from the package. Loaded once per container.
 */
let unrarModule: Promise<unknown> | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Emscripten module
export const loadUnrar = (): Promise<any> => {
  unrarModule ??= (async () => {
    const beside = join(dirname(fileURLToPath(import.meta.url)), 'unrar.wasm');
    const require = createRequire(import.meta.url);
    const path = existsSync(beside) ? beside : require.resolve('node-unrar-js/dist/js/unrar.wasm');
    const wasm = readFileSync(path);
    type Unrar = { getUnrar(options: { wasmBinary: ArrayBuffer }): Promise<unknown> };
    const loaded = (await import('node-unrar-js/dist/js/unrar.singleton.js')) as Unrar & {
      default?: Unrar;
    };
    // A CommonJS module: in a split bundle its chunk exports `module.exports` as `default` only.
    const { getUnrar } = loaded.default?.getUnrar ? loaded.default : loaded;
    return getUnrar({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    });
  })();
  unrarModule.catch(() => (unrarModule = undefined));
  return unrarModule;
};
