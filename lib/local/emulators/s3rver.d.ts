/**
 * s3rver ships no type declarations; this covers the part of its API the local stack uses
 * (https://github.com/jamhall/s3rver#readme).
 */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    readonly httpServer?: Server;
  }
}
