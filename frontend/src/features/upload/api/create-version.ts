/** `POST /api/mvps/{id}/versions`: registers an uploaded bundle as the template's new version. */
import type { CreateVersionBody, MvpWriteResult } from '@contracts/templates';
import { apiRequest } from '../../../lib/api-client';

export function createVersion(mvpId: string, body: CreateVersionBody): Promise<MvpWriteResult> {
  return apiRequest<MvpWriteResult>(`/mvps/${encodeURIComponent(mvpId)}/versions`, {
    method: 'POST',
    body,
  });
}
