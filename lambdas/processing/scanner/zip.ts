/**
 * Zip scanning through the shared reader of untrusted zips (lambdas/shared/archives/zip-reader.ts,
 * the deploy's reader too): its limits and per-entry problems become findings, then the readable
 * entries are inflated in the order they sit in the archive (one sequential stream after the
 * directory), each counted as it inflates; only a 1 MB head per entry is kept, for the secret
 * search.
 */
import { ArchiveRefusedError } from '../../shared/archives/limits';
import { openZip, type ZipArchive } from '../../shared/archives/zip-reader';
import type { ScanReport } from './report';
import type { ArchiveSource } from './source';

/** A refusal of the reader stops the scan with its finding; anything else goes up as it is. */
const asAbort = (report: ScanReport, error: unknown): never => {
  if (error instanceof ArchiveRefusedError) {
    const { file, rule, message } = error.problem;
    report.abort(file, rule, message);
  }
  throw error;
};

const scanContents = async (zip: ZipArchive, report: ScanReport): Promise<void> => {
  const ordered = zip.entries.filter((entry) => entry.readable).sort((a, b) => a.offset - b.offset);
  for (const entry of ordered) {
    const { problems, content } = await zip.open(entry);
    report.add(...problems);
    await report.inspectEntry(entry.name, content);
  }
};

/** Scans a zip archive into `report`; throws ScanAbort when it must stop early. */
export const scanZip = async (source: ArchiveSource, report: ScanReport): Promise<void> => {
  const zip = await openZip(source).catch((error: unknown) => asAbort(report, error));
  try {
    for (const entry of zip.entries) {
      report.countEntry(entry.name);
      report.add(...entry.problems);
    }
    await scanContents(zip, report).catch((error: unknown) => asAbort(report, error));
  } finally {
    await zip.close();
  }
};
