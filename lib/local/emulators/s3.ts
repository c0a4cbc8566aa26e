/** s3rver, in this process: the S3 API over a folder. */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import S3rver from 's3rver';
import { assertPortFree, type EmulatorHandle } from './process';

export interface S3Options {
  port: number;
  /** Folder s3rver keeps buckets and objects in. */
  directory: string;
}

/** Starts s3rver in this process. Buckets are created through the S3 API (see resources.ts). */
export const startS3 = async (options: S3Options): Promise<EmulatorHandle> => {
  await assertPortFree(options.port, 's3rver', 'S3_PORT');
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });
  const server = new S3rver({ port: options.port, address: 'localhost', directory, silent: true });
  await server.run();
  const endpoint = `http://localhost:${options.port}`;
  return { endpoint, port: options.port, stop: () => server.close() };
};
