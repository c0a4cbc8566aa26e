/** `POST /api/admin/users/{id}/seller-approval`: approve or revoke a seller (roles seller, both). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useSetSellerApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      api('POST /api/admin/users/{id}/seller-approval', { params: { id }, body: { approved } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
