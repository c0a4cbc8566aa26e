/**
 * The applicant's own application for their data export and their account's closure, apart from
 * service.ts so the account function does not carry the admin decision (Cognito groups, audit,
 * notifications).
 */
import type { SellerApplicationItem } from '../shared/db/entities/seller-application';
import { deleteSellerApplication, getSellerApplication } from './repo';

/** The application as the applicant wrote it and how it was decided, or `null`. */
export const getSellerApplicationForExport = async (
  userId: string,
): Promise<Omit<SellerApplicationItem, 'user_id'> | null> => {
  const item = await getSellerApplication(userId);
  if (!item) return null;
  const { user_id: _userId, ...application } = item;
  return application;
};

/** A closed account's application goes with it: it holds their name, links and work. */
export const forgetSellerApplicationOf = (userId: string): Promise<void> =>
  deleteSellerApplication(userId);
