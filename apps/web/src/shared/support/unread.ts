import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/request.ts';
import { queryClient } from '../api/queries.ts';
import { sharedListener } from '../realtime/index.ts';
import { session, sessionStore, useSession } from '../session.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

/**
 * Who is talking to customer service: a signed-in user by their session, a
 * visitor by a device token kept in local storage. When a visitor logs in,
 * their chat joins the account (`/support/claim`) and the token is dropped.
 * The unread count feeds the tab bar's badge; the user's socket keeps it live.
 */

export const SUPPORT_QUERY = ['support'] as const;

export function storedVisitorToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.supportVisitor);
  } catch {
    return null;
  }
}

function storeVisitorToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.supportVisitor, token);
    else localStorage.removeItem(STORAGE_KEYS.supportVisitor);
  } catch {
    // Storage refused (private mode): the visitor's chat lasts as long as the page.
  }
}

let pageVisitorToken: string | null = null;

/** The visitor's device token, asked for once and kept. */
export async function visitorToken(): Promise<string> {
  const known = storedVisitorToken() ?? pageVisitorToken;
  if (known) return known;
  const { visitor_token } = await api.post<{ visitor_token: string }>('/support/visitor');
  pageVisitorToken = visitor_token;
  storeVisitorToken(visitor_token);
  return visitor_token;
}

/** The identity parameter of a support call: nothing for a user (the session speaks), the device token for a visitor. */
export async function supportIdentity(): Promise<{ visitor_token?: string }> {
  return session.get().token ? {} : { visitor_token: await visitorToken() };
}

async function claimVisitorChat(): Promise<void> {
  const token = storedVisitorToken() ?? pageVisitorToken;
  if (!token || !session.get().token) return;
  try {
    await api.post('/support/claim', { visitor_token: token }, { silent: true });
    storeVisitorToken(null);
    pageVisitorToken = null;
    void queryClient.invalidateQueries({ queryKey: SUPPORT_QUERY });
  } catch {
    // Kept for the next start: the claim is repeatable.
  }
}

let signedIn = session.get().token !== null;
sessionStore.subscribe(() => {
  const now = session.get().token !== null;
  if (now && !signedIn) void claimVisitorChat();
  signedIn = now;
});
if (signedIn) void claimVisitorChat();

const followSupport = sharedListener('support', () => void queryClient.invalidateQueries({ queryKey: [...SUPPORT_QUERY, 'unread'] }));

/** Support's messages the user has not read: the customer-service tab's badge. Visitors see theirs once they have chatted. */
export function useSupportUnread(): number {
  const { token } = useSession();
  const hasChat = token !== null || storedVisitorToken() !== null;
  useEffect(() => (token ? followSupport() : undefined), [token]);
  const query = useQuery({
    queryKey: [...SUPPORT_QUERY, 'unread', token],
    queryFn: async () => (await api.get<{ unread: number }>('/support/unread', await supportIdentity(), { silent: true })).unread,
    enabled: hasChat,
    staleTime: 30_000,
  });
  return query.data ?? 0;
}
