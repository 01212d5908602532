import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import type { Page } from '../../shared/api/page.ts';
import { useSession } from '../../shared/session.ts';

export interface RebateTotal {
  currency: string;
  amount: string;
}

export interface InviteOverview {
  invite_code: string;
  invite_link: string;
  /** The invite link's QR code, a PNG data URL made by the server. */
  qr_code: string;
  invitees: number;
  rebate_share: string;
  rebates: RebateTotal[];
}

export interface Invitee {
  account: string;
  registered_at: number;
  rebates: RebateTotal[];
}

export function useInviteOverview() {
  const { token } = useSession();
  return useQuery({ queryKey: ['invite', 'overview'], queryFn: () => api.get<InviteOverview>('/user/invite', {}, { silent: true }), enabled: token !== null });
}

export function useInvitees() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: ['invite', 'invitees'],
    queryFn: ({ pageParam }) => api.get<Page<Invitee>>('/user/invite/list', { page: pageParam, limit: 20 }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== null,
  });
}
