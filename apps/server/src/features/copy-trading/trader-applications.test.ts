import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn } from '../../../test/console.ts';
import { credit, registerUser, startServer, type TestServer } from '../../../test/harness.ts';
import { listedReasonCodes, noticeContent, operatorReason, UNKNOWN_REASON } from '../../../test/reject-reasons.ts';
import type { UserEvent } from '../../market/bus.ts';

interface Page<T> {
  list: T[];
  total: number;
}
interface ApplicationItem {
  id: number;
  user_id: number;
  account: string;
  nickname: string;
  share_rate: string;
  status: string;
  reason: string | null;
}

let server: TestServer;
let reviewer: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  server = await startServer();
  reviewer = await signIn(server, await createOperator(server, 'reviewer'));
  // The audit trail is the admin's to read.
  admin = await signIn(server, await createOperator(server, 'admin'));
});

/** A Lv1 user with 500 USDT in the lever account who applied to become a trader. */
async function applicant(nickname: string) {
  const user = await registerUser(server);
  server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = 1 WHERE email = ?').run(user.email);
  credit(server, user.email, '500', 'USDT', 3);
  const applied = await server.post<{ id: number }>('/follow/trader/apply', { nickname, introduction: 'Breakouts on BTC', share_rate: '0.15' }, { token: user.token });
  if (applied.type !== 'ok') throw new Error(JSON.stringify(applied));
  return { ...user, applicationId: applied.message.id };
}

function capturedUserEvents(): UserEvent[] {
  const events: UserEvent[] = [];
  server.built.ctx.bus.on('user', (event) => events.push(event));
  return events;
}

describe('trader applications queue', () => {
  it('lists a pending application, shows the level and lever balance, approves it with an audit record and tells the user', async () => {
    const events = capturedUserEvents();
    const user = await applicant('Beta');
    const list = await reviewer.get<Page<ApplicationItem>>('/queues/trader-applications', { limit: 100 });
    expect(list.message.list).toContainEqual(expect.objectContaining({ id: user.applicationId, account: user.email, nickname: 'Beta', share_rate: '0.15', status: 'pending' }));
    const detail = await reviewer.get<{ lever_balance: string; user: { verification_level: number } }>(`/queues/trader-applications/${user.applicationId}`);
    expect(detail.message).toMatchObject({ lever_balance: '500.000000', user: { verification_level: 1 } });
    expect((await reviewer.get<{ queues: { key: string; pending: number }[] }>('/dashboard')).type).toBe('ok');

    expect((await reviewer.post(`/queues/trader-applications/${user.applicationId}/approve`, {})).message).toMatchObject({ status: 'approved' });
    const audit = (await admin.get<Page<{ action: string; before: { status: string }; after: { status: string } }>>('/audit', { action: 'trader_application.approve', target_id: String(user.applicationId) })).message.list[0];
    expect(audit).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'copy.trader_approved', refId: user.applicationId }));
    const traderUserId = (list.message.list.find((row) => row.id === user.applicationId) as ApplicationItem).user_id;
    const profile = await server.get<{ nickname: string; share_rate: string }>('/follow/traderDetail', { trader_user_id: traderUserId });
    expect(profile.message).toMatchObject({ nickname: 'Beta', share_rate: '0.15' });
    expect(await reviewer.post(`/queues/trader-applications/${user.applicationId}/approve`, {})).toEqual({ type: 'error', message: 'This application has already been decided' });
  });

  it('keeps a trader name to one trader: taken by a trader or an earlier application, whatever its case', async () => {
    const first = await applicant('Zeta');
    const later = async (nickname: string) => {
      const user = await registerUser(server);
      server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = 1 WHERE email = ?').run(user.email);
      credit(server, user.email, '500', 'USDT', 3);
      return server.post('/follow/trader/apply', { nickname, introduction: 'Breakouts on BTC', share_rate: '0.15' }, { token: user.token, lang: 'en' });
    };
    const taken = { type: 'error', message: 'This trader name is already taken: choose another' };
    expect(await later(' zeta ')).toEqual(taken);
    expect(await reviewer.post(`/queues/trader-applications/${first.applicationId}/approve`, {})).toMatchObject({ type: 'ok' });
    expect(await later('ZETA')).toEqual(taken);
    // The demo's traders hold theirs too.
    expect(await later('trend btc')).toEqual(taken);
    expect((await later('Zeta Two')).type).toBe('ok');
  });

  it('rejects with the reason the user reads, audited', async () => {
    const events = capturedUserEvents();
    const user = await applicant('Gamma');
    const rejected = await reviewer.post<ApplicationItem>(`/queues/trader-applications/${user.applicationId}/reject`, { reason: 'Introduction too short' });
    expect(rejected.message).toMatchObject({ status: 'rejected', reason: 'Introduction too short' });
    const me = await server.get<{ application: { status: string; reason: string }; trader: null }>('/follow/trader/me', {}, { token: user.token });
    expect(me.message).toMatchObject({ application: { status: 'rejected', reason: 'Introduction too short' }, trader: null });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'copy.trader_rejected', params: { nickname: 'Gamma', reason: 'Introduction too short' } }));
    const audit = (await admin.get<Page<{ action: string }>>('/audit', { action: 'trader_application.reject', target_id: String(user.applicationId) })).message.list;
    expect(audit).toHaveLength(1);
    // a rejected applicant may apply again
    expect((await server.post('/follow/trader/apply', { nickname: 'Gamma', introduction: 'Breakouts on BTC, daily' }, { token: user.token })).type).toBe('ok');
  });

  it('rejects with a listed reason each reader sees in their own language; an unlisted code is refused', async () => {
    const events = capturedUserEvents();
    const user = await applicant('Delta');
    expect(await listedReasonCodes(reviewer, 'trader-applications', user.applicationId)).toEqual(['insufficient_history', 'incomplete_profile', 'risk_too_high']);
    expect(await reviewer.post(`/queues/trader-applications/${user.applicationId}/reject`, { reason_code: 'copyright' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
    const rejected = await reviewer.post<ApplicationItem>(`/queues/trader-applications/${user.applicationId}/reject`, { reason_code: 'insufficient_history' });
    expect(rejected.message).toMatchObject({ status: 'rejected', reason: 'Your trading history is not yet long enough to lead followers' });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'copy.trader_rejected', params: { nickname: 'Delta', reason_code: 'insufficient_history' } }));
    const me = await server.get<{ application: { status: string; reason: string } }>('/follow/trader/me', {}, { token: user.token, lang: 'may' });
    expect(me.message.application).toMatchObject({ status: 'rejected', reason: 'Sejarah dagangan anda masih terlalu singkat untuk memimpin pengikut' });
    expect(await noticeContent(server, user.token, 'copy.trader_rejected', 'zh')).toContain('您的交易记录时间尚短，暂不能带单');
    expect(await operatorReason(reviewer, 'trader-applications', user.applicationId, 'zh')).toBe('您的交易记录时间尚短，暂不能带单');
  });

  it('keeps traders from following: no follow while an application waits, no approval while the applicant follows', async () => {
    const user = await applicant('Epsilon');
    await server.post('/follow/agree', {}, { token: user.token });
    const demoTrader = (await server.get<{ list: { trader_user_id: number }[] }>('/follow/index')).message.list[0]?.trader_user_id as number;
    expect(await server.post('/follow/follow', { trader_user_id: demoTrader, type: 2, number: '1' }, { token: user.token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Your trader application is under review: you cannot follow traders until it is decided',
    });
    // A follow that got in anyway (recorded before this rule existed) blocks the approval until it stops.
    const { sqlite } = server.built.ctx;
    const userId = (sqlite.prepare('SELECT user_id FROM copy_trader_applications WHERE id = ?').get(user.applicationId) as { user_id: number }).user_id;
    const now = server.built.ctx.now();
    sqlite.prepare("INSERT INTO copy_follows (follower_id, trader_id, type, number_hundredths, status, created_at, updated_at) VALUES (?, ?, 2, 100, 'following', ?, ?)").run(userId, demoTrader, now, now);
    expect(await reviewer.post(`/queues/trader-applications/${user.applicationId}/approve`, {})).toEqual({
      type: 'error',
      message: 'The applicant now follows other traders, and a trader cannot follow anyone: they must stop following before approval',
    });
    expect((await reviewer.get<ApplicationItem>(`/queues/trader-applications/${user.applicationId}`)).message.status).toBe('pending');
    expect((await server.post('/follow/cancel', { follow_user_id: demoTrader }, { token: user.token })).type).toBe('ok');
    expect((await reviewer.post(`/queues/trader-applications/${user.applicationId}/approve`, {})).message).toMatchObject({ status: 'approved' });
  });

  it('refuses decisions to a role without decide, and unknown ids', async () => {
    const user = await applicant('Delta');
    const viewer = await signIn(server, await createOperator(server, 'viewer'));
    expect((await viewer.get<Page<ApplicationItem>>('/queues/trader-applications')).type).toBe('ok');
    expect(await viewer.post(`/queues/trader-applications/${user.applicationId}/approve`, {})).toEqual({ type: 'error', message: 'Your role does not allow this action' });
    expect(await reviewer.post('/queues/trader-applications/999999/approve', {})).toEqual({ type: 'error', message: 'Trader application not found' });
    expect((await reviewer.get<ApplicationItem>(`/queues/trader-applications/${user.applicationId}`)).message.status).toBe('pending');
  });
});
