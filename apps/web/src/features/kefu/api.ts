import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import { queryClient } from '../../shared/api/queries.ts';
import { useSession } from '../../shared/session.ts';
import { SUPPORT_QUERY, supportIdentity } from '../../shared/support/unread.ts';

export interface SupportMessage {
  id: number;
  sender: 'user' | 'operator';
  kind: 'text' | 'image';
  body: string;
  created_at: number;
}

export interface SupportConversation {
  id: number | null;
  status: 'new' | 'open' | 'closed';
  topic: string | null;
  /** A visitor's realtime channel; users hear theirs on the authenticated socket as `support`. */
  channel: string | null;
  unread: number;
  operator_read_id: number;
  messages: SupportMessage[];
  has_more: boolean;
}

export type SupportFrame = { type: 'message'; message: SupportMessage } | { type: 'read'; operator_read_id: number } | { type: 'closed' };

export function conversationKey(token: string | null) {
  return [...SUPPORT_QUERY, 'conversation', token] as const;
}

export function useConversation() {
  const { token } = useSession();
  return useQuery({
    queryKey: conversationKey(token),
    queryFn: async () => api.get<SupportConversation>('/support/conversation', await supportIdentity()),
    staleTime: 0,
  });
}

/** Merges a live frame into the cached conversation; a message already there (sent from this page) is not added twice. */
export function applyFrame(conversation: SupportConversation, frame: SupportFrame): SupportConversation {
  switch (frame.type) {
    case 'message':
      if (conversation.messages.some((message) => message.id === frame.message.id)) return conversation;
      return {
        ...conversation,
        status: 'open',
        messages: [...conversation.messages, frame.message],
        unread: conversation.unread + (frame.message.sender === 'operator' ? 1 : 0),
      };
    case 'read':
      return { ...conversation, operator_read_id: Math.max(conversation.operator_read_id, frame.operator_read_id) };
    case 'closed':
      return { ...conversation, status: 'closed' };
  }
}

export async function loadEarlier(beforeId: number): Promise<{ messages: SupportMessage[]; has_more: boolean }> {
  return api.get('/support/history', { ...(await supportIdentity()), before_id: beforeId });
}

export function useSendMessage(token: string | null) {
  return useMutation({
    mutationFn: async (message: { content?: string; image?: string; topic?: string }) =>
      api.post<{ conversation_id: number; message: SupportMessage }>('/support/send', { ...(await supportIdentity()), ...message }),
    onSuccess: ({ message }) => {
      const key = conversationKey(token);
      const current = queryClient.getQueryData<SupportConversation>(key);
      // The first message opens the conversation (and a visitor's channel): fetch it whole.
      if (!current || current.id === null || current.status !== 'open') void queryClient.invalidateQueries({ queryKey: key });
      else queryClient.setQueryData(key, applyFrame(current, { type: 'message', message }));
    },
  });
}

/** Tells support the user has read up to a message; the tab's badge clears. */
export async function markRead(token: string | null, upToId: number): Promise<void> {
  await api.post('/support/read', { ...(await supportIdentity()), up_to_id: upToId }, { silent: true });
  queryClient.setQueryData<SupportConversation>(conversationKey(token), (current) => current && { ...current, unread: 0 });
  queryClient.setQueryData([...SUPPORT_QUERY, 'unread', token], 0);
}

