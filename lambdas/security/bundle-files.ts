/**
 * The files the audit reads out of a bundle (lock files and manifests, lockfiles/index.ts), and
 * only those: a zip through the shared reader of untrusted zips (its directory by ranged reads,
 * then only the matching entries inflated, with the scan's limits), a tar.gz streamed through
 * gunzip and tar-stream with every other entry skipped, a RAR through the official unrar
 * (bundle-rar.ts, loaded with the first RAR: its WebAssembly is large). One lock file is read up to
 * 20 MB (a monorepo's package-lock.json is a few MB); a larger one is reported, not read.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { normalizeEntryPath } from '../shared/archives/limits';
import { guardedSource, type ArchiveSource } from '../shared/archives/source';
import { openZip } from '../shared/archives/zip-reader';
import { isAuditedPath, TOO_LARGE } from './lockfiles/index';

export const MAX_LOCK_FILE_BYTES = 20 * 1024 * 1024;

export interface AuditedFiles {
  /** Path → text of each audited file read. */
  files: Map<string, string>;
  /** Audited files left unread, with why (too large). */
  skipped: { path: string; reason: string }[];
  /** The archive's format could not be read for lock files (not a zip, tar.gz or RAR). */
  unsupported: boolean;
}

const decode = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');

const readZip = async (source: ArchiveSource, out: AuditedFiles) => {
  const zip = await openZip(source);
  try {
    for (const entry of zip.entries) {
      const path = normalizeEntryPath(entry.name);
      if (entry.kind !== 'file' || !entry.readable || !isAuditedPath(path)) continue;
      if (entry.problems.length > 0) continue;
      if (entry.size > MAX_LOCK_FILE_BYTES) {
        out.skipped.push({ path, reason: TOO_LARGE });
        continue;
      }
      const { content } = await zip.open(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk);
      out.files.set(path, decode(chunks));
    }
  } finally {
    await zip.close();
  }
};

const readTarGz = async (source: ArchiveSource, out: AuditedFiles) => {
  const parser = extract();
  const gunzip = createGunzip();
  const input = Readable.from(source.stream());
  input.on('error', (error) => parser.destroy(error));
  gunzip.on('error', (error) => parser.destroy(error));
  input.pipe(gunzip).pipe(parser);
  try {
    for await (const entry of parser) {
      const path = normalizeEntryPath(entry.header.name);
      const wanted = entry.header.type === 'file' && isAuditedPath(path);
      const tooLarge = (entry.header.size ?? 0) > MAX_LOCK_FILE_BYTES;
      if (wanted && tooLarge) out.skipped.push({ path, reason: TOO_LARGE });
      const chunks: Buffer[] = [];
      for await (const chunk of entry) if (wanted && !tooLarge) chunks.push(chunk as Buffer);
      if (wanted && !tooLarge) out.files.set(path, decode(chunks));
    }
  } finally {
    input.destroy();
  }
};

/** The audited files of the archive in `source`, whose name gives its format. */
export const readAuditedFiles = async (
  unguarded: ArchiveSource,
  fileName: string,
): Promise<AuditedFiles> => {
  const source = guardedSource(unguarded, fileName);
  const out: AuditedFiles = { files: new Map(), skipped: [], unsupported: false };
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) await readZip(source, out);
  else if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) await readTarGz(source, out);
  else if (lower.endsWith('.rar')) {
    const { readRarAuditedFiles } = await import('./bundle-rar');
    const rar = await readRarAuditedFiles(source, MAX_LOCK_FILE_BYTES);
    rar.files.forEach((text, path) => out.files.set(path, text));
    out.skipped.push(...rar.skipped);
  } else out.unsupported = true;
  return out;
};
