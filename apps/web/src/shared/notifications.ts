import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from './api/queries.ts';
import { api } from './api/request.ts';
import { refreshOnReconnect, sharedListener } from './realtime/index.ts';
import { useSession } from './session.ts';

/** Every cached piece of the notification centre (the badge count, the pages of messages) lives under this key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;

interface NotificationFrame {
  id: number;
  kind: string;
  unread: number;
}

// A new message: the badge takes the count the server sent, and the lists fetch the message in the reader's language.
const followNotifications = sharedListener('notifications', (data) => {
  queryClient.setQueryData(UNREAD_KEY, { unread: (data as NotificationFrame).unread });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, predicate: (query) => query.queryKey[1] !== 'unread' });
});
refreshOnReconnect(NOTIFICATIONS_KEY);

/** How many notifications the signed-in user has not read, kept live over the socket; 0 for visitors. */
export function useUnreadNotifications(): number {
  const { token } = useSession();
  useEffect(followNotifications, []);
  const query = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api.get<{ unread: number }>('/notice/unread', {}, { silent: true }),
    enabled: token !== null,
  });
  return token === null ? 0 : (query.data?.unread ?? 0);
}

/** After the user read one or all: the badge shows the count the server answered. */
export function setUnreadNotifications(unread: number): void {
  queryClient.setQueryData(UNREAD_KEY, { unread });
}
