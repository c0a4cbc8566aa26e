/**
 * tar.gz scanning: the object streams through gunzip into tar-stream's header parser (ustar, pax
 * and GNU long names), entry by entry, so memory stays at a few chunks plus the 1 MB head kept per
 * entry. Bytes are counted as they inflate; the per-entry ratio compares an entry's size with the
 * gzip bytes consumed while it was read (a tar.gz has no per-entry compressed size).
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import type { ScanReport } from './report';
import { linkFinding } from './rules';
import { isPassThrough, type ArchiveSource } from './source';

const LINK_TYPES = new Set<Header['type']>(['symlink', 'link']);
const DEVICE_TYPES = new Set<Header['type']>(['character-device', 'block-device', 'fifo']);

export const scanTarGz = async (source: ArchiveSource, report: ScanReport): Promise<void> => {
  let gzipBytes = 0;
  const counted = (async function* () {
    for await (const chunk of source.stream()) {
      gzipBytes += chunk.byteLength;
      yield chunk;
    }
  })();
  const gunzip = createGunzip();
  const parser = extract();
  const input = Readable.from(counted);
  // Errors of either stage surface through the parser's iterator.
  input.on('error', (error) => parser.destroy(error));
  gunzip.on('error', (error) => parser.destroy(error));
  input.pipe(gunzip).pipe(parser);
  let sawEntry = false;
  try {
    for await (const entry of parser) {
      sawEntry = true;
      const { name, type } = entry.header;
      report.countEntry(name);
      if (type && LINK_TYPES.has(type)) {
        report.add(
          linkFinding(name, entry.header.linkname, type === 'link' ? 'hard link' : 'link'),
        );
      }
      if (type && DEVICE_TYPES.has(type)) {
        report.add({
          file: name,
          rule: 'special-file',
          message: `is a ${type}, not a regular file`,
        });
      }
      if (type === 'file' || type === 'contiguous-file') {
        const startGzip = gzipBytes;
        await report.inspectEntry(name, entry as AsyncIterable<Uint8Array>, () =>
          Math.max(1, gzipBytes - startGzip),
        );
      } else {
        entry.resume();
      }
    }
  } catch (error) {
    if (isPassThrough(error)) throw error;
    report.abort(
      source.name,
      'corrupt',
      `is not a readable tar.gz archive (${(error as Error).message}: truncated or corrupt)`,
    );
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (!sawEntry) report.abort(source.name, 'empty', 'is an empty archive');
};
