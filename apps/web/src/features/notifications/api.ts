import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { NOTIFICATIONS_KEY, setUnreadNotifications } from '../../shared/notifications.ts';
import { useSession } from '../../shared/session.ts';

/** One message of the centre, rendered by the server in the request language. */
export interface Notice {
  id: number;
  kind: string;
  /** The heading (account security, deposit, announcement...). */
  title: string;
  content: string;
  /** The H5 route the message is about. */
  link: string;
  read: boolean;
  created_at: number;
}

interface NoticePage {
  list: Notice[];
  page: number;
  has_more: boolean;
  unread: number;
}

export function useNotices(unreadOnly: boolean) {
  const { token, lang } = useSession();
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', unreadOnly, lang],
    queryFn: async ({ pageParam }) => {
      const page = await api.get<NoticePage>('/notice/list', { page: pageParam, limit: 20, unread: unreadOnly ? 1 : 0 }, { silent: true });
      setUnreadNotifications(page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== null,
  });
}

const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });

export function useMarkRead() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ unread: number }>('/notice/read', { id }),
    onSuccess: ({ unread }) => {
      setUnreadNotifications(unread);
      void refreshLists();
    },
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => api.post<{ unread: number }>('/notice/read_all'),
    onSuccess: ({ unread }) => {
      setUnreadNotifications(unread);
      void refreshLists();
    },
  });
}
