/**
 * The security scan of an uploaded bundle: the format by magic bytes (it must match the name),
 * then the archive's entries (zip.ts, tar.ts) against the rules (rules.ts) and limits (limits.ts).
 *
 * RAR is scanned with the official unrar compiled to WebAssembly (rar.ts), with the same rules
 * and limits as zip and tar.gz.
 */
import type { ScanResult } from '../schema';
import type { BuiltManifest } from './manifest';
import { ScanReport } from './report';
import { guardedSource, type ArchiveSource } from './source';
import { scanRar } from './rar';
import { scanTarGz } from './tar';
import { scanZip } from './zip';

type Format = 'zip' | 'tar.gz' | 'rar' | 'unknown';

const claimedFormat = (fileName: string): Format => {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar.gz';
  if (lower.endsWith('.rar')) return 'rar';
  return 'unknown';
};

const detectedFormat = (head: Uint8Array): Format => {
  const is = (bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  // An empty zip starts with its end record; it is refused later as empty.
  if (is([0x50, 0x4b, 0x03, 0x04]) || is([0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (is([0x1f, 0x8b])) return 'tar.gz';
  if (is([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  return 'unknown';
};

const LABEL: Record<Format, string> = {
  zip: 'ZIP',
  'tar.gz': 'GZIP',
  rar: 'RAR',
  unknown: 'unknown',
};

/** 'Security scan failed: <file>: <message>; …' with the first findings, short enough for a card. */
export const describeFindings = (result: Pick<ScanResult, 'findings'>): string => {
  const shown = result.findings.slice(0, 8).map((f) => `${f.file} ${f.message}`);
  const more = result.findings.length - shown.length;
  const text = `Security scan failed: ${shown.join('; ')}${more > 0 ? `; and ${more} more finding${more === 1 ? '' : 's'}` : ''}`;
  return text.length > 2_000 ? `${text.slice(0, 1_997)}...` : text;
};

/**
 * Scans `source`, whose original file name is `fileName` (its extension is the claimed type).
 * Findings are results, not exceptions; read errors of the source (S3) are thrown.
 */
export const scanArchive = async (source: ArchiveSource, fileName: string): Promise<ScanResult> =>
  (await inspectArchive(source, fileName)).result;

/**
 * `scanArchive`, and the bundle's manifest (every file's path, size and kind, the text files'
 * heads in a pack) when the scan is clean.
 */
export const inspectArchive = async (
  unguarded: ArchiveSource,
  fileName: string,
): Promise<{ result: ScanResult; manifest: BuiltManifest | null }> => {
  const source = guardedSource(unguarded, fileName);
  const report = new ScanReport();
  const claimed = claimedFormat(fileName);
  const size = await source.size();
  const head = size > 0 ? await source.readRange(0, Math.min(size, 8) - 1) : new Uint8Array();
  const detected = detectedFormat(head);
  let format: ScanResult['format'] = 'unknown';

  try {
    if (claimed === 'unknown') {
      report.abort(fileName, 'file-type', 'is not a .zip, .tar.gz, .tgz or .rar file');
    }
    if (detected !== claimed) {
      report.abort(
        fileName,
        'file-type',
        `is named as ${LABEL[claimed]} but its content is ${detected === 'unknown' ? 'not an archive' : LABEL[detected]} (magic bytes do not match)`,
      );
    }
    format = claimed;
    if (claimed === 'zip') await scanZip(source, report);
    else if (claimed === 'rar') await scanRar(source, report);
    else await scanTarGz(source, report);
  } catch (error) {
    if ((error as Error).name !== 'ScanAbort') throw error;
  }

  const result: ScanResult = {
    clean: report.findings.length === 0,
    format,
    entries: report.entries,
    uncompressedBytes: report.uncompressedBytes,
    findings: report.findings,
  };
  if (!result.clean) result.reason = describeFindings(result);
  const manifest = result.clean && format !== 'unknown' ? report.manifest.build(format) : null;
  return { result, manifest };
};
