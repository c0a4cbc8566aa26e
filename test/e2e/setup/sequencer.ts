/**
 * Splits the e2e files into shards of about equal running time, so that `npm test` can run two
 * shards side by side, each against its own local stack (test/run.ts). Vitest's own sharding
 * splits by a hash of the path, which put the two slowest files together and left one shard
 * twice as long as the other.
 *
 * A file's weight is the figure below for the files known to be slow, or its size for the rest
 * (about 1 s per 800 bytes of test code). The files are dealt heaviest first, each to the shard
 * with the least so far; every shard process computes the same deal from the same files and keeps
 * its own part, so each file runs in exactly one shard. (Vitest's cache of last durations would
 * weigh better, but the two processes could read it at different moments and deal differently.)
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file measured on the 2-core CI machine (a fresh-clone `npm test`), for the files
 * whose time their size does not tell: scans over every route, journeys through pipelines.
 */
const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  'accessibility.test.ts': 100,
  'admin.test.ts': 60,
  'deploy.test.ts': 40,
  'seller.test.ts': 35,
  'seller-scan.test.ts': 30,
  'payments.test.ts': 30,
  'github-sync.test.ts': 28,
  'refunds.test.ts': 22,
};

const BYTES_PER_SECOND = 800;

export class BalancedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const weighed = await Promise.all(
      files.map(async (spec) => ({ spec, seconds: await this.secondsOf(spec) })),
    );
    weighed.sort((a, b) => b.seconds - a.seconds || a.spec.moduleId.localeCompare(b.spec.moduleId));
    const shards = Array.from({ length: count }, () => ({
      seconds: 0,
      specs: [] as TestSpecification[],
    }));
    for (const { spec, seconds } of weighed) {
      const lightest = shards.reduce((least, shard) =>
        shard.seconds < least.seconds ? shard : least,
      );
      lightest.seconds += seconds;
      lightest.specs.push(spec);
    }
    return shards[index - 1]!.specs;
  }

  private async secondsOf(spec: TestSpecification): Promise<number> {
    const known = KNOWN_SECONDS[path.basename(spec.moduleId)];
    if (known !== undefined) return known;
    return (await stat(spec.moduleId)).size / BYTES_PER_SECOND;
  }
}
