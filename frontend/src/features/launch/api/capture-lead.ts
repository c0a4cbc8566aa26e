/** `POST /api/leads` (process-lead-capture): the launch overlay's e-mail form. */
import { useMutation } from '@tanstack/react-query';
import type { LeadCapture } from '@contract/newsletter';
import { api } from '@/lib/api-client';

export function useCaptureLead() {
  return useMutation({ mutationFn: (lead: LeadCapture) => api('POST /api/leads', { body: lead }) });
}
