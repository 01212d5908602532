import { type QueryClient, useQuery } from '@tanstack/react-query';
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

/** After a decision, or a refusal that says another operator decided first: the queue's lists, items, badges and dashboard are read again. */
export function refreshQueue(client: QueryClient, queueKey: string): void {
  for (const queryKey of [['queue', queueKey], ['queue-item', queueKey], ['queues'], ['dashboard']]) void client.invalidateQueries({ queryKey });
}
