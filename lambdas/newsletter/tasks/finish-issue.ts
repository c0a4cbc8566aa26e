/** Step 3 of newsletter-send: the issue's final counts and status (sending.ts). */
import * as z from 'zod';
import { finishIssueSending } from '../sending';
import { taskHandler } from '../../shared/task-handler';

const inputSchema = z.object({
  issue_id: z.string().min(1),
  prepare_failed: z.boolean().default(false),
});

const thisTask = async (event: unknown) => {
  const input = inputSchema.parse(event);
  return finishIssueSending(input.issue_id, { prepareFailed: input.prepare_failed });
};

export const handler = taskHandler('newsletter/finish-issue', thisTask);
