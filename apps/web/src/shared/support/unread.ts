import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/request.ts';
import { deviceId } from '../device-id.ts';
import { queryClient } from '../api/queries.ts';
import { sharedListener } from '../realtime/index.ts';
import { session, sessionStore, useSession } from '../session.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

/**
 * Who is talking to customer service: a signed-in user by their session, a
 * visitor by the device id (shared/device-id.ts). When a visitor who chatted
 * logs in, their chat joins the account (`/support/claim`); the device id
 * stays. The unread count feeds the tab bar's badge; the user's socket keeps
 * it live.
 */

export const SUPPORT_QUERY = ['support'] as const;

/** The flag in storage, and in the page for when storage is refused (private mode). */
let pageVisitorChat = false;

function visitorChatWaiting(): boolean {
  try {
    return pageVisitorChat || localStorage.getItem(STORAGE_KEYS.supportVisitorChat) !== null;
  } catch {
    return pageVisitorChat;
  }
}

function markVisitorChat(waiting: boolean): void {
  pageVisitorChat = waiting;
  try {
    if (waiting) localStorage.setItem(STORAGE_KEYS.supportVisitorChat, '1');
    else localStorage.removeItem(STORAGE_KEYS.supportVisitorChat);
  } catch {
    // Storage refused: the page's flag stands in.
  }
}

/** The identity parameter of a support call: nothing for a user (the session speaks), the device id for a visitor. */
export async function supportIdentity(): Promise<{ visitor_token?: string }> {
  if (session.get().token) return {};
  markVisitorChat(true);
  return { visitor_token: await deviceId() };
}

async function claimVisitorChat(): Promise<void> {
  if (!session.get().token || !visitorChatWaiting()) return;
  try {
    await api.post('/support/claim', { visitor_token: await deviceId() }, { silent: true });
    markVisitorChat(false);
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
  const hasChat = token !== null || visitorChatWaiting();
  useEffect(() => (token ? followSupport() : undefined), [token]);
  const query = useQuery({
    queryKey: [...SUPPORT_QUERY, 'unread', token],
    queryFn: async () => (await api.get<{ unread: number }>('/support/unread', await supportIdentity(), { silent: true })).unread,
    enabled: hasChat,
    staleTime: 30_000,
  });
  return query.data ?? 0;
}
