import { useQuery } from '@tanstack/react-query';
import { get } from './api.ts';

export interface QueueSummary {
  key: string;
  pending: number;
  can_decide: boolean;
}

/** The queues this operator may see with their pending counts (menu badges, dashboard). */
export function useQueues() {
  return useQuery({ queryKey: ['queues'], queryFn: () => get<QueueSummary[]>('/queues'), staleTime: 15_000 });
}
