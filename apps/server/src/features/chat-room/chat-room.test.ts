import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn } from '../../../test/console.ts';
import { registerUser, startServer, type TestServer } from '../../../test/harness.ts';
import { connectSocket, type TestSocket } from '../../../test/socket.ts';

let server: TestServer;
let support: ConsoleClient;
let viewer: ConsoleClient;
const sockets: TestSocket[] = [];

interface RoomMessage {
  id: number;
  user_id: number;
  nickname: string;
  body: string;
  created_at: number;
}

beforeAll(async () => {
  server = await startServer();
  support = await signIn(server, await createOperator(server, 'support'));
  viewer = await signIn(server, await createOperator(server, 'viewer'));
});

afterAll(() => {
  for (const client of sockets) client.socket.terminate();
});

async function roomSocket(lang: string): Promise<TestSocket> {
  const client = await connectSocket(server);
  sockets.push(client);
  client.send({ op: 'subscribe', channels: [`chatroom:${lang}`] });
  await client.next((frame) => frame.op === 'subscribed' && (frame.channels ?? []).includes(`chatroom:${lang}`));
  return client;
}

const roomEvent = (lang: string, type: string) => (frame: { channel?: string; data?: unknown }) => frame.channel === `chatroom:${lang}` && (frame.data as { type: string }).type === type;

describe('chat room', () => {
  it('posts plain text live to the room of the language, without links or markup', async () => {
    const author = await registerUser(server);
    const listener = await roomSocket('jp');
    await listener.next(roomEvent('jp', 'history'));
    const posted = await server.post<RoomMessage>('/chatroom/send', { content: '<b>BTC</b> to the moon, see https://pump.example/x and t.me/group' }, { token: author.token, lang: 'jp' });
    expect(posted.type).toBe('ok');
    expect(posted.message.body).toBe('BTC to the moon, see and');
    const live = await listener.next(roomEvent('jp', 'message'));
    expect((live.data as { message: RoomMessage }).message).toMatchObject({ id: posted.message.id, body: 'BTC to the moon, see and' });

    // Other rooms do not see it; anyone, even a visitor, reads the room.
    expect((await server.get<{ list: RoomMessage[] }>('/chatroom/messages', {}, { lang: 'fra' })).message.list.map((message) => message.id)).not.toContain(posted.message.id);
    const room = await server.get<{ list: RoomMessage[]; muted_until: null }>('/chatroom/messages', {}, { lang: 'jp' });
    expect(room.message.list.at(-1)).toMatchObject({ id: posted.message.id });

    // A newcomer gets the recent history as the channel's snapshot.
    const newcomer = await roomSocket('jp');
    const history = await newcomer.next(roomEvent('jp', 'history'));
    expect((history.data as { list: RoomMessage[] }).list.map((message) => message.id)).toContain(posted.message.id);
  });

  it('needs a login to post or report, and refuses empty and long messages', async () => {
    const user = await registerUser(server);
    expect((await server.post('/chatroom/send', { content: 'hi' })).type).toBe('999');
    expect((await server.post('/chatroom/report', { id: 1 })).type).toBe('999');
    expect(await server.post('/chatroom/send', { content: 'https://only.example/link' }, { token: user.token, lang: 'en' })).toEqual({ type: 'error', message: 'Please write a message' });
    expect(await server.post('/chatroom/send', { content: 'x'.repeat(201) }, { token: user.token, lang: 'en' })).toEqual({ type: 'error', message: 'A message may have at most 200 characters' });
    expect((await server.post('/chatroom/report', { id: 987654 }, { token: user.token, lang: 'en' })).message).toBe('Message not found');
  });

  it('lets only active users post: a frozen account reads the room but cannot write to it', async () => {
    const user = await registerUser(server);
    const userId = (server.built.ctx.sqlite.prepare('SELECT id FROM users WHERE email = ?').get(user.email) as { id: number }).id;
    expect((await support.post(`/users/${userId}/freeze`, { reason: 'spam' })).type).toBe('ok');
    const refused = await server.post('/chatroom/send', { content: 'still here' }, { token: user.token, lang: 'en' });
    expect(refused).toMatchObject({ type: 'error' });
    expect(refused.message).toMatch(/frozen \(spam\)/);
    expect((await server.get('/chatroom/messages', {}, { token: user.token, lang: 'en' })).type).toBe('ok');
  });

  it('limits how fast one user posts', async () => {
    const user = await registerUser(server);
    expect((await server.post('/chatroom/send', { content: 'first' }, { token: user.token, lang: 'en' })).type).toBe('ok');
    const second = await server.post<string>('/chatroom/send', { content: 'second' }, { token: user.token, lang: 'en' });
    expect(second).toEqual({ type: 'error', message: 'You are sending too fast; try again in 3 seconds' });
    for (let index = 0; index < 9; index += 1) {
      server.advance(3_000);
      expect((await server.post('/chatroom/send', { content: `message ${index}` }, { token: user.token, lang: 'en' })).type).toBe('ok');
    }
    // Ten in the last minute: the next waits for the first to leave the window.
    server.advance(3_000);
    const eleventh = await server.post<string>('/chatroom/send', { content: 'eleventh' }, { token: user.token, lang: 'en' });
    expect(eleventh.type).toBe('error');
    expect(eleventh.message).toMatch(/try again in 30 seconds/);
    // Another user is not slowed down by it.
    const other = await registerUser(server);
    expect((await server.post('/chatroom/send', { content: 'hello' }, { token: other.token, lang: 'en' })).type).toBe('ok');
  });

  it('lets readers report, and support remove, dismiss and mute, all audited', async () => {
    server.advance(60_000);
    const author = await registerUser(server);
    const reader = await registerUser(server);
    const listener = await roomSocket('en');
    const posted = await server.post<RoomMessage>('/chatroom/send', { content: 'buy my coin now' }, { token: author.token, lang: 'en' });
    expect((await server.post('/chatroom/report', { id: posted.message.id }, { token: author.token, lang: 'en' })).message).toBe('You cannot report your own message');
    expect((await server.post('/chatroom/report', { id: posted.message.id }, { token: reader.token })).type).toBe('ok');
    expect((await server.post('/chatroom/report', { id: posted.message.id }, { token: reader.token })).type).toBe('ok');

    const queue = await support.get<{ list: { id: number; open_reports: number }[] }>('/queues/chatroom');
    expect(queue.message.list.find((item) => item.id === posted.message.id)?.open_reports).toBe(1);
    const detail = await support.get<{ author: { id: number; muted_until: number | null }; reports: unknown[] }>(`/queues/chatroom/${posted.message.id}`);
    expect(detail.message.reports).toHaveLength(1);
    expect(detail.message.author.muted_until).toBeNull();

    // A viewer may look but not moderate.
    expect((await viewer.post(`/queues/chatroom/${posted.message.id}/remove`)).type).toBe('error');

    expect((await support.post(`/queues/chatroom/${posted.message.id}/remove`)).type).toBe('ok');
    const removed = await listener.next(roomEvent('en', 'removed'));
    expect((removed.data as { id: number }).id).toBe(posted.message.id);
    expect((await server.get<{ list: RoomMessage[] }>('/chatroom/messages', {}, { lang: 'en' })).message.list.map((message) => message.id)).not.toContain(posted.message.id);
    expect((await support.post(`/queues/chatroom/${posted.message.id}/remove`)).type).toBe('error');

    // Muted for two hours: posting is refused until the mute ends.
    expect((await support.post(`/queues/chatroom/${posted.message.id}/mute`, { hours: 2 })).type).toBe('ok');
    const muted = await server.post<string>('/chatroom/send', { content: 'let me talk' }, { token: author.token, lang: 'en' });
    expect(muted.type).toBe('error');
    expect(muted.message).toMatch(/You cannot post in the chat room until/);
    expect((await server.get<{ muted_until: number | null }>('/chatroom/messages', {}, { token: author.token })).message.muted_until).toBeTypeOf('number');
    // The author is told, in their notification centre (and so live, in an open room).
    const notices = await server.get<{ list: { kind: string; content: string }[] }>('/notice/list', { limit: 20 }, { token: author.token, lang: 'en' });
    expect(notices.message.list.find((notice) => notice.kind === 'account.chat_muted')?.content).toBe('Customer service muted you in the chat room for 2 hours.');
    server.advance(2 * 3_600_000 + 1);
    expect((await server.post('/chatroom/send', { content: 'back again' }, { token: author.token, lang: 'en' })).type).toBe('ok');
    // The console session ran idle meanwhile.
    support = await signIn(server, await createOperator(server, 'support'));
    expect((await support.post(`/queues/chatroom/${posted.message.id}/mute`, { hours: 99999 })).type).toBe('error');

    // Reports on a harmless message are dismissed and it stays.
    const harmless = await server.post<RoomMessage>('/chatroom/send', { content: 'good morning' }, { token: reader.token, lang: 'en' });
    await server.post('/chatroom/report', { id: harmless.message.id }, { token: author.token });
    expect((await support.post(`/queues/chatroom/${harmless.message.id}/dismiss`)).type).toBe('ok');
    expect((await support.get<{ status: string }>(`/queues/chatroom/${harmless.message.id}`)).message.status).toBe('recent');

    const admin = await signIn(server, await createOperator(server, 'admin'));
    const audit = await admin.get<{ list: { action: string }[] }>('/audit', { action: 'chatroom.' });
    expect(audit.message.list.map((row) => row.action)).toEqual(expect.arrayContaining(['chatroom.remove', 'chatroom.mute', 'chatroom.dismiss']));
  });

  it('only knows rooms of the interface languages', async () => {
    const client = await connectSocket(server);
    sockets.push(client);
    client.send({ op: 'subscribe', channels: ['chatroom:xx', 'chatroom:zh', 'support:short'] });
    const answer = await client.next((frame) => frame.op === 'subscribed');
    expect(answer.channels).toEqual(['chatroom:zh']);
  });
});
