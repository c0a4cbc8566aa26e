/**
 * A refused transaction of the templates' data access as the error its callers catch: the first
 * item whose condition failed names what moved meanwhile.
 */
import type { TransactionResult } from '../shared/db/transaction';
import { TransactionRefusedError } from '../shared/errors';

export const assertCommitted = (result: TransactionResult): void => {
  if (!result.canceled) return;
  const [item, code] = Object.entries(result.codes).find(([, value]) => value !== 'None') ?? [
    'unknown',
    undefined,
  ];
  throw new TransactionRefusedError(item, code);
};
