/**
 * The month's list of payouts to transfer, as an S3 object (docs/data-model.md, section 4.4):
 * Prepare writes it, the Transfers Distributed Map reads it (its ItemReader), Finish reads it back
 * to count what became of each payout. One JSON line per payout (`{"seller_id","month_year"}`),
 * the JSONL input Step Functions reads line by line, so the run's state carries only the object's
 * address and counts however many sellers there are.
 */
import { storageDesign } from '../../contract/design/storage-design';
import { config } from '../shared/config';
import { putObject, readObject } from '../shared/storage/s3';
import type { PayoutKey } from './repo';

export interface PayoutList {
  bucket: string;
  key: string;
}

/** One object per execution: a second run of the month never overwrites the first one's list. */
export const payoutListOf = (monthYear: string, executionName: string): PayoutList => ({
  bucket: config().MVP_FILES_BUCKET,
  key: `${storageDesign.payoutListsPrefix}${monthYear}/${executionName}.jsonl`,
});

export const writePayoutList = async (
  list: PayoutList,
  payouts: readonly PayoutKey[],
): Promise<void> => {
  // An empty month lists nothing: the Map state does not run, and nobody reads the list.
  if (payouts.length === 0) return;
  const body = payouts
    .map((payout) => JSON.stringify({ seller_id: payout.seller_id, month_year: payout.month_year }))
    .join('\n');
  await putObject({
    bucket: list.bucket,
    key: list.key,
    body: `${body}\n`,
    contentType: 'application/jsonl',
  });
};

/** The keys Prepare listed; a list that is gone (expired, or never written) lists nothing. */
export const readPayoutList = async (list: PayoutList): Promise<PayoutKey[]> => {
  const bytes = await readObject(list.bucket, list.key);
  if (!bytes) return [];
  return new TextDecoder()
    .decode(bytes)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const { seller_id, month_year } = JSON.parse(line) as PayoutKey;
      return { seller_id, month_year };
    });
};
