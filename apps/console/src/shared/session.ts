import { useQuery, useQueryClient } from '@tanstack/react-query';
import { get, setCsrfToken } from './api.ts';

export type Role = 'admin' | 'reviewer' | 'support' | 'viewer';

/** Mirrors the server's permission names; the server checks them, the console only hides what would be refused. */
export type Permission =
  | 'dashboard.view'
  | 'ledger.check'
  | 'verification.view'
  | 'verification.decide'
  | 'deposits.view'
  | 'deposits.decide'
  | 'withdrawals.view'
  | 'withdrawals.decide'
  | 'nft-listings.view'
  | 'nft-listings.decide'
  | 'trader-applications.view'
  | 'trader-applications.decide'
  | 'users.view'
  | 'users.freeze'
  | 'content.view'
  | 'content.edit'
  | 'content.publish'
  | 'audit.view'
  | 'earn.view'
  | 'earn.edit'
  | 'support.view'
  | 'support.reply'
  | 'chatroom.view'
  | 'chatroom.moderate'
  | 'coupons.view'
  | 'coupons.issue';

export interface Me {
  operator: { id: number; email: string; role: Role };
  permissions: Permission[];
  csrf: string;
}

export const ME_KEY = ['me'] as const;

/** Who is signed in; null when nobody is (the sign-in page shows). */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        const me = await get<Me>('/auth/me');
        setCsrfToken(me.csrf);
        return me;
      } catch {
        setCsrfToken(undefined);
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stores a fresh sign-in (login or finished setup) so the shell shows at once. */
export function useSignedIn(): (me: Me) => void {
  const client = useQueryClient();
  return (me) => {
    setCsrfToken(me.csrf);
    client.setQueryData(ME_KEY, me);
  };
}

export function useCan(): (permission: Permission) => boolean {
  const { data } = useMe();
  return (permission) => data?.permissions.includes(permission) ?? false;
}
