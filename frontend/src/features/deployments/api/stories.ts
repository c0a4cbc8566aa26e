/**
 * Success Stories: the public list of launched sites (`GET /api/stories`), and the buyer's switch
 * that shows their own launched site there or hides it (`PUT /api/deployments/{id}/story`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoryInput } from '@contract/stories';
import { api } from '@/lib/api-client';
import { deploymentKeys } from './deployments';

export const storyKeys = {
  all: ['stories'] as const,
};

export function useStories() {
  return useQuery({
    queryKey: storyKeys.all,
    queryFn: ({ signal }) => api('GET /api/stories', { signal }),
    select: (answer) => answer.items,
  });
}

export function useSetStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StoryInput & { id: string }) =>
      api('PUT /api/deployments/{id}/story', { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deploymentKeys.mine }),
        queryClient.invalidateQueries({ queryKey: storyKeys.all }),
      ]),
  });
}
