/** Step 1 of newsletter-send: the issue's recipient snapshot in batches (sending.ts). */
import * as z from 'zod';
import { prepareRecipients, type PreparedIssue } from '../sending';

const inputSchema = z.object({ issue_id: z.string().min(1) });

export const handler = async (event: unknown): Promise<PreparedIssue> =>
  prepareRecipients(inputSchema.parse(event).issue_id);
