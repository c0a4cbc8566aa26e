/** `PATCH /api/mvps/{id}`: save the edit form (optionally with a replaced file or images). */
import type { MvpWriteResult, UpdateMvpBody } from '@contracts/templates';
import { apiRequest } from '../../../lib/api-client';

export function updateMvp(mvpId: string, body: UpdateMvpBody): Promise<MvpWriteResult> {
  return apiRequest<MvpWriteResult>(`/mvps/${encodeURIComponent(mvpId)}`, {
    method: 'PATCH',
    body,
  });
}
