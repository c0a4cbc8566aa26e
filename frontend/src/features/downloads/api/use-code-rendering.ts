/**
 * The code preview's renderers (highlight.js, marked, DOMPurify), loaded on first use with a
 * dynamic import: their chunk is fetched only when a detail page shows a README or a file.
 */
import { useQuery } from '@tanstack/react-query';

export function useCodeRendering() {
  return useQuery({
    queryKey: ['code-rendering'] as const,
    queryFn: () => import('../lib/code-rendering'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
