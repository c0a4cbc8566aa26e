/** `POST /api/mvps`: registers the uploaded files as a template (pending_review). */
import type { CreateMvpBody, MvpWriteResult } from '@contracts/templates';
import { apiRequest } from '../../../lib/api-client';

export function createMvp(body: CreateMvpBody): Promise<MvpWriteResult> {
  return apiRequest<MvpWriteResult>('/mvps', { method: 'POST', body });
}
