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
import { linkFinding } from './rules';
import type { ArchiveSource } from './source';

/** A refusal of the reader stops the scan with its finding; anything else goes up as it is. */
const asAbort = (report: ScanReport, error: unknown): never => {
  if (error instanceof ArchiveRefusedError) {
    const { file, rule, message } = error.problem;
    report.abort(file, rule, message);
  }
  throw error;
};

/** Files and links in the order they sit in the archive: a link's target is its contents. */
const scanContents = async (zip: ZipArchive, report: ScanReport): Promise<void> => {
  const ordered = zip.entries
    .filter((entry) => entry.readable || entry.kind === 'symlink')
    .sort((a, b) => a.offset - b.offset);
  for (const entry of ordered) {
    if (entry.kind === 'symlink') {
      report.add(linkFinding(entry.name, await zip.readLinkTarget(entry)));
      continue;
    }
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
      // A link's finding names its target, read with the contents.
      report.add(...entry.problems.filter((problem) => problem.rule !== 'symlink'));
    }
    try {
      await scanContents(zip, report).catch((error: unknown) => asAbort(report, error));
    } finally {
      // Links the contents did not reach (the scan stopped first) are still named.
      for (const entry of zip.entries) {
        if (entry.kind === 'symlink') report.add(linkFinding(entry.name));
      }
    }
  } finally {
    await zip.close();
  }
};
