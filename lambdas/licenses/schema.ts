/** Request schemas of the licence routes. */
import * as z from 'zod';
import { LICENSE_MESSAGES, licenseListQuerySchema } from '../../contract/licenses';

/** `/api/licenses/{id}`: whatever is not a licence id is simply not found (404, by the service). */
export const licensePathSchema = z.object({
  id: z.string().max(64, LICENSE_MESSAGES.notFound),
});

export const myLicensesQuerySchema = licenseListQuerySchema;
