/** `POST /api/leads` (process-lead-capture): the launch overlay's e-mail form. */
import { useMutation } from '@tanstack/react-query';
import type { LeadCapture, LeadCaptureResult } from '@contracts/newsletter';
import { apiRequest } from '../../../lib/api-client';

export function captureLead(lead: LeadCapture): Promise<LeadCaptureResult> {
  return apiRequest<LeadCaptureResult>('/leads', { method: 'POST', body: lead });
}

export function useCaptureLead() {
  return useMutation({ mutationFn: captureLead });
}
