import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn } from '../../../test/console.ts';
import { credit, freshIp, login, pushTicks, registerUser, startServer, TINY_PNG, type TestServer, upload } from '../../../test/harness.ts';
import { connectSocket, type TestSocket } from '../../../test/socket.ts';

let server: TestServer;
let support: ConsoleClient;
let viewer: ConsoleClient;
const sockets: TestSocket[] = [];

interface Message {
  id: number;
  sender: 'user' | 'operator';
  kind: 'text' | 'image';
  body: string;
  created_at: number;
}

interface ConversationView {
  id: number | null;
  status: string;
  topic: string | null;
  channel: string | null;
  unread: number;
  operator_read_id: number;
  messages: Message[];
}

beforeAll(async () => {
  server = await startServer();
  support = await signIn(server, await createOperator(server, 'support'));
  viewer = await signIn(server, await createOperator(server, 'viewer'));
});

afterAll(() => {
  for (const client of sockets) client.socket.terminate();
});

async function authedSocket(token: string): Promise<TestSocket> {
  const client = await connectSocket(server);
  sockets.push(client);
  client.send({ op: 'auth', token });
  await client.next((frame) => frame.op === 'auth' && frame.ok === true);
  return client;
}

/** Support's answers on a channel (the user's own messages are echoed there too, for their other devices). */
const isSupportAnswer = (frame: { channel?: string; data?: unknown }, channel: string) => {
  const data = frame.data as { type?: string; message?: Message };
  return frame.channel === channel && data.type === 'message' && data.message?.sender === 'operator';
};

describe('support chat between a user and an operator', () => {
  it('delivers the question to the inbox and the answer live, with read state and unread counts', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '250', 'USDT');
    const socket = await authedSocket(user.token);

    const empty = await server.get<ConversationView>('/support/conversation', {}, { token: user.token });
    expect(empty.message).toMatchObject({ id: null, status: 'new', messages: [] });

    const sent = await server.post<{ conversation_id: number; message: Message }>('/support/send', { content: '  My <b>deposit</b> has not arrived ', topic: 'recharge' }, { token: user.token });
    expect(sent.type).toBe('ok');
    expect(sent.message.message).toMatchObject({ sender: 'user', kind: 'text', body: 'My deposit has not arrived' });
    const conversationId = sent.message.conversation_id;

    // The inbox lists it as waiting, with the user's context beside the chat.
    const inbox = await support.get<{ list: { id: number; waiting_since: number | null; topic: string; unread: number; account: string }[] }>('/queues/support');
    const listed = inbox.message.list.find((item) => item.id === conversationId);
    expect(listed).toMatchObject({ topic: 'recharge', unread: 1, account: user.email });
    expect(listed?.waiting_since).toBeTypeOf('number');
    const pending = await support.get<{ key: string; pending: number }[]>('/queues');
    expect(pending.message.find((queue) => queue.key === 'support')?.pending).toBeGreaterThanOrEqual(1);

    const detail = await support.get<{ messages: Message[]; context: { user: { id: number; verification_level: number }; balances: { currency: string; available: string }[] } }>(`/queues/support/${conversationId}`, { lang: 'en' });
    expect(detail.message.messages.map((message) => message.body)).toEqual(['My deposit has not arrived']);
    // The account by its name in the operator's language, as the user page shows it, not its code.
    expect(detail.message.context.balances).toContainEqual(expect.objectContaining({ account_type: 'change', account_name: 'Spot account', currency: 'USDT', available: '250.000000' }));

    // Support reads it: the user sees the read mark live.
    expect((await support.post(`/queues/support/${conversationId}/read`)).type).toBe('ok');
    const read = await socket.next((frame) => frame.channel === 'support' && (frame.data as { type: string }).type === 'read');
    expect((read.data as { operator_read_id: number }).operator_read_id).toBe(sent.message.message.id);

    // The answer arrives live on the user's own socket.
    const answer = await support.post<Message>(`/queues/support/${conversationId}/reply`, { content: 'We are checking it now.' });
    expect(answer.type).toBe('ok');
    const live = await socket.next((frame) => isSupportAnswer(frame, 'support'));
    expect((live.data as { message: Message }).message).toMatchObject({ sender: 'operator', body: 'We are checking it now.' });

    // Unread counts and clears.
    expect((await server.get<{ unread: number }>('/support/unread', {}, { token: user.token })).message.unread).toBe(1);
    const cleared = await server.post<{ unread: number }>('/support/read', { up_to_id: answer.message.id }, { token: user.token });
    expect(cleared.message.unread).toBe(0);
    expect((await server.get<{ unread: number }>('/support/unread', {}, { token: user.token })).message.unread).toBe(0);

    // Answering took the conversation (audited) and stopped the waiting clock.
    const after = await support.get<{ assigned_to: string; waiting_since: number | null }>(`/queues/support/${conversationId}`);
    expect(after.message.waiting_since).toBeNull();
    expect(after.message.assigned_to).toMatch(/@/);
  });

  it('shows the user\'s futures positions and seconds options beside the chat too', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '1000', 'USDT', 3);
    credit(server, user.email, '100', 'USDT', 4);
    await pushTicks(server, 'BTC/USDT', [{ price: '96000.00' }]);
    const position = await server.post<{ id: number }>('/lever/submit', { currency_id: 1, legal_id: 3, order_type: 'market', type: 1, lots: 10, multiple: 10 }, { token: user.token });
    expect(position.type).toBe('ok');
    const option = await server.post<{ id: number }>('/microtrade/submit', { match_id: 1, currency_id: 3, seconds: 30, type: 'up', number: '20' }, { token: user.token });
    expect(option.type).toBe('ok');
    const sent = await server.post<{ conversation_id: number }>('/support/send', { content: 'About my position' }, { token: user.token });
    const detail = await support.get<{ context: { futures: { id: number; symbol: string; status: string }[]; options: { id: number; stake: string; currency: string; status: string }[] } }>(
      `/queues/support/${sent.message.conversation_id}`,
    );
    expect(detail.message.context.futures).toEqual([expect.objectContaining({ id: position.message.id, symbol: 'BTC/USDT', side: 'long', lots: 10, multiple: 10, status: 'holding' })]);
    expect(detail.message.context.options).toEqual([expect.objectContaining({ id: option.message.id, symbol: 'BTC/USDT', direction: 'up', stake: '20.000000', currency: 'USDT', status: 'open' })]);
  });

  it('sends the user\'s own images, and refuses someone else\'s', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const mine = await upload(server, user.token, TINY_PNG, 'shot.png', 'image');
    const theirs = await upload(server, other.token, TINY_PNG, 'shot.png', 'image');
    const sent = await server.post<{ conversation_id: number; message: Message }>('/support/send', { image: mine.message }, { token: user.token });
    expect(sent.message.message).toMatchObject({ kind: 'image', body: mine.message });
    const refused = await server.post('/support/send', { image: theirs.message }, { token: user.token, lang: 'en' });
    expect(refused).toEqual({ type: 'error', message: 'That image is not valid; please upload it again' });

    const detail = await support.get<{ messages: (Message & { image_url: string })[] }>(`/queues/support/${sent.message.conversation_id}`);
    const picture = await support.raw(detail.message.messages[0]?.image_url.replace('/api/console', '') ?? '');
    expect(picture.headers.get('content-type')).toBe('image/png');
  });

  it('audits taking and closing, and the next message opens a new conversation', async () => {
    const user = await registerUser(server);
    const first = await server.post<{ conversation_id: number }>('/support/send', { content: 'Hello' }, { token: user.token });
    const id = first.message.conversation_id;
    expect((await support.post(`/queues/support/${id}/assign`)).type).toBe('ok');
    const socket = await authedSocket(user.token);
    expect((await support.post(`/queues/support/${id}/close`)).type).toBe('ok');
    await socket.next((frame) => frame.channel === 'support' && (frame.data as { type: string }).type === 'closed');
    expect((await support.post(`/queues/support/${id}/reply`, { content: 'late' })).type).toBe('error');

    const admin = await signIn(server, await createOperator(server, 'admin'));
    const audit = await admin.get<{ list: { action: string; target_id: string }[] }>('/audit', { target_type: 'support_conversation', target_id: String(id) });
    expect(audit.message.list.map((row) => row.action).sort()).toEqual(['support.assign', 'support.close']);

    const again = await server.post<{ conversation_id: number }>('/support/send', { content: 'One more question' }, { token: user.token });
    expect(again.message.conversation_id).not.toBe(id);
  });

  it('offers canned answers in the conversation\'s language', async () => {
    const canned = await support.get<{ key: string; text: string }[]>('/queues/support/canned', { answer_lang: 'zh' });
    expect(canned.message.find((answer) => answer.key === 'security')?.text).toContain('密码');
    const english = await support.get<{ key: string; text: string }[]>('/queues/support/canned', { answer_lang: 'en' });
    expect(english.message.find((answer) => answer.key === 'security')?.text).toContain('never ask');
  });

  it('refuses roles without the reply permission and unknown conversations', async () => {
    const user = await registerUser(server);
    const sent = await server.post<{ conversation_id: number }>('/support/send', { content: 'Hi' }, { token: user.token });
    expect((await viewer.get(`/queues/support/${sent.message.conversation_id}`)).type).toBe('ok');
    expect((await viewer.post(`/queues/support/${sent.message.conversation_id}/reply`, { content: 'no' })).type).toBe('error');
    expect((await viewer.post(`/queues/support/${sent.message.conversation_id}/close`)).type).toBe('error');
    expect(await support.get('/queues/support/999999')).toEqual({ type: 'error', message: 'Conversation not found' });
  });
});

describe('visitors', () => {
  it('chats with a device token, hears answers on its own channel, and the chat joins the account at login', async () => {
    const token = (await server.post<{ visitor_token: string }>('/support/visitor')).message.visitor_token;
    const sent = await server.post<{ conversation_id: number }>('/support/send', { visitor_token: token, content: 'Can I register with a phone?' });
    expect(sent.type).toBe('ok');
    const view = await server.get<ConversationView>('/support/conversation', { visitor_token: token });
    expect(view.message.channel).toMatch(/^support:/);

    const socket = await connectSocket(server);
    sockets.push(socket);
    socket.send({ op: 'subscribe', channels: [view.message.channel] });
    await socket.next((frame) => frame.op === 'subscribed' && (frame.channels ?? []).includes(view.message.channel as string));
    await support.post(`/queues/support/${sent.message.conversation_id}/reply`, { content: 'Yes, you can.' });
    const live = await socket.next((frame) => isSupportAnswer(frame, view.message.channel as string));
    expect((live.data as { message: Message }).message.body).toBe('Yes, you can.');

    // A visitor cannot send pictures, and another device token sees nothing of it.
    expect((await server.post('/support/send', { visitor_token: token, image: '/uploads/image/0123456789abcdef0123456789abcdef.png' })).type).toBe('999');
    const stranger = (await server.post<{ visitor_token: string }>('/support/visitor')).message.visitor_token;
    expect((await server.get<ConversationView>('/support/conversation', { visitor_token: stranger })).message.id).toBeNull();

    // The visitor registers and logs in: the earlier chat is now the account's, merged with what the user had asked.
    const user = await registerUser(server);
    await server.post('/support/send', { content: 'Logged-in question' }, { token: user.token });
    const claimed = await server.post<ConversationView>('/support/claim', { visitor_token: token }, { token: user.token });
    expect(claimed.type).toBe('ok');
    expect(claimed.message.messages.map((message) => message.body)).toEqual(['Can I register with a phone?', 'Yes, you can.', 'Logged-in question']);
    expect(claimed.message.channel).toBeNull();
    // The device token no longer opens the account's chat.
    expect((await server.get<ConversationView>('/support/conversation', { visitor_token: token })).message.id).toBeNull();
    // A second login with the same token changes nothing.
    const again = await server.post<ConversationView>('/support/claim', { visitor_token: token }, { token: await login(server, user.email, user.password) });
    expect(again.message.messages).toHaveLength(3);
  });

  it('refuses calls with neither a session nor a device token, and malformed tokens', async () => {
    expect((await server.get('/support/conversation', {}, { lang: 'en' })).message).toBe('Please log in, or reload the page and try again');
    expect((await server.post('/support/send', { visitor_token: 'short', content: 'x' })).type).toBe('error');
    expect((await server.post('/support/claim', { visitor_token: 'a'.repeat(43) })).type).toBe('999');
  });

  it('limits what one address can do without an account: new device tokens, and visitors\' messages across tokens', async () => {
    const ip = freshIp();
    const tokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const issued = await server.post<{ visitor_token: string }>('/support/visitor', {}, { ip });
      expect(issued.type).toBe('ok');
      tokens.push(issued.message.visitor_token);
    }
    const refused = await server.post('/support/visitor', {}, { ip, lang: 'en' });
    expect(refused).toMatchObject({ type: 'error' });
    expect(refused.message).toMatch(/too many/i);
    // Another address is not held back.
    expect((await server.post('/support/visitor', {}, { ip: freshIp() })).type).toBe('ok');

    // Every token may open its own conversation, so messages are counted per address too: the 21st of a minute is refused, whatever the token.
    const conversations = () => (server.built.ctx.sqlite.prepare('SELECT count(*) AS n FROM support_conversations').get() as { n: number }).n;
    const before = conversations();
    for (const token of tokens) expect((await server.post('/support/send', { visitor_token: token, content: 'spam' }, { ip })).type).toBe('ok');
    const flood = await server.post('/support/send', { visitor_token: tokens[0], content: 'spam' }, { ip, lang: 'en' });
    expect(flood.type).toBe('error');
    expect(conversations()).toBe(before + 20);
    // A signed-in user on the same address is limited per conversation only.
    const user = await registerUser(server);
    expect((await server.post('/support/send', { content: 'Hello from the same address' }, { token: user.token, ip })).type).toBe('ok');
  });

  it('refuses empty messages and floods', async () => {
    const user = await registerUser(server);
    expect(await server.post('/support/send', { content: '<i></i>' }, { token: user.token, lang: 'en' })).toEqual({ type: 'error', message: 'Please write a message' });
    for (let index = 0; index < 20; index += 1) expect((await server.post('/support/send', { content: `m${index}` }, { token: user.token })).type).toBe('ok');
    const flood = await server.post<string>('/support/send', { content: 'one too many' }, { token: user.token, lang: 'en' });
    expect(flood.type).toBe('error');
    expect(flood.message).toMatch(/too fast/);
  });
});
