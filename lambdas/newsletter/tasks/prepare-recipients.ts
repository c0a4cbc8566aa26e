/** Step 1 of newsletter-send: the issue's recipient snapshot in batches (sending.ts). */
import * as z from 'zod';
import { prepareRecipients, type PreparedIssue } from '../sending';
import { taskHandler } from '../../shared/task-handler';

const inputSchema = z.object({ issue_id: z.string().min(1) });

const thisTask = async (event: unknown): Promise<PreparedIssue> =>
  prepareRecipients(inputSchema.parse(event).issue_id);

export const handler = taskHandler('newsletter/prepare-recipients', thisTask);
