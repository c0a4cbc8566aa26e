/** `GET /api/stats`: the home hero's live figures. */
import { useQuery } from '@tanstack/react-query';
import type { HomeStats } from '@contracts/stats';
import { apiRequest } from '../../../lib/api-client';

export function getHomeStats(signal?: AbortSignal): Promise<HomeStats> {
  return apiRequest<HomeStats>('/stats', { signal });
}

export function useHomeStats() {
  return useQuery({ queryKey: ['stats', 'home'], queryFn: ({ signal }) => getHomeStats(signal) });
}
