import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pushFrame } from '../../shared/realtime/test-double.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import ChatRoomPage from './ChatRoomPage.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

setupPageTests({ signedIn: true });

const ROOM = { room: 'zh', channel: 'chatroom:zh', muted_until: null, list: [{ id: 1, user_id: 9, nickname: 'Ann', body: '早上好', created_at: 1795440451965 }] };

describe('the chat room', () => {
  it('shows a mute from customer service as soon as its notice arrives, and the composer again when it is lifted', async () => {
    const answers: Record<string, unknown> = { '/chatroom/messages': ROOM };
    stubApi(answers);
    renderAt(<ChatRoomPage />, '/pages/kefu/chatroom');
    await screen.findByTestId('chatroom-input');

    answers['/chatroom/messages'] = { ...ROOM, muted_until: 1795447651965 };
    pushFrame('notifications', { id: 5, kind: 'account.chat_muted', unread: 1 });
    await screen.findByTestId('chatroom-muted');
    expect(screen.queryByTestId('chatroom-input')).toBeNull();

    answers['/chatroom/messages'] = ROOM;
    pushFrame('notifications', { id: 6, kind: 'account.chat_unmuted', unread: 2 });
    await screen.findByTestId('chatroom-input');
  });
});
