/**
 * Step 2 of newsletter-send, once per batch in the Map: sends the batch's pending addresses
 * (sending.ts). Throws `MailThrottled` when SES refuses for the rate; the state retries it.
 */
import * as z from 'zod';
import { sendBatch, type BatchResult } from '../sending';
import { taskHandler } from '../../shared/task-handler';

const inputSchema = z.object({ issue_id: z.string().min(1), batch: z.number().int().min(0) });

const thisTask = async (event: unknown): Promise<BatchResult> => {
  const input = inputSchema.parse(event);
  return sendBatch(input.issue_id, input.batch);
};

export const handler = taskHandler('newsletter/send-batch', thisTask);
