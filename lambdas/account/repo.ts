/**
 * Account data access. The account domain owns no entity: it commits, as one transaction, the
 * writes the owners lend it (the audit entry, the user's notice).
 */
import {
  transactWrite,
  type TransactionItems,
  type TransactionResult,
} from '../shared/db/transaction';

/** The record of an admin's reset of a user's authenticator app: its audit entry and notice. */
export const commitMfaResetRecord = (items: {
  audit: TransactionItems[string];
  notification: TransactionItems[string];
}): Promise<TransactionResult> => transactWrite(items);
