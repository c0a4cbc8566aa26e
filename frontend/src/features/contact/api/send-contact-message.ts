/** `POST /api/contact`: the contact form's message (public; 429 past the hourly limit). */
import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@contract/contact';
import { api } from '@/lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactMessageInput) => api('POST /api/contact', { body }),
  });
}
