import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn } from '../../test/console.ts';
import { FUND_PASSWORD, savedAddress, verifiedUser } from '../../test/funds.ts';
import { credit, freshIp, pushTicks, registerUser, startServer, TINY_PNG, type TestServer, upload } from '../../test/harness.ts';
import { listedReasonCodes, noticeContent, operatorReason, UNKNOWN_REASON } from '../../test/reject-reasons.ts';
import type { UserEvent } from '../market/bus.ts';

let server: TestServer;
let admin: ConsoleClient;

beforeAll(async () => {
  server = await startServer();
  await pushTicks(server, 'BTC/USDT', [{ price: '100000' }]);
  admin = await signIn(server, await createOperator(server, 'admin'));
});

interface Page<T> {
  list: T[];
  total: number;
}
interface AuditEntry {
  actor: string;
  action: string;
  target_type: string;
  before: { status: string } | null;
  after: { status: string; reason?: string; txRef?: string } | null;
}

function capturedUserEvents(): UserEvent[] {
  const events: UserEvent[] = [];
  server.built.ctx.bus.on('user', (event) => events.push(event));
  return events;
}

async function lastAudit(action: string, targetId: number): Promise<AuditEntry | undefined> {
  return (await admin.get<Page<AuditEntry>>('/audit', { action, target_id: String(targetId) })).message.list[0];
}

async function spot(token: string, currency: string) {
  return (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }, { token })).message;
}

/** A user who reported a USDT bank transfer with its voucher. */
async function voucherDeposit(amount = '500') {
  const user = await registerUser(server);
  const voucher = (await upload(server, user.token, TINY_PNG, 'voucher.png', 'voucher')).message;
  const submitted = await server.post<{ id: number }>('/wallet/charge_req', { currency: 'USDT', amount, voucher, account: 'ACME Bank 1234', type: 1 }, { token: user.token });
  if (submitted.type !== 'ok') throw new Error(JSON.stringify(submitted));
  return { ...user, depositId: submitted.message.id };
}

/** A verified user who asked to withdraw 0.5 BTC of their 1 BTC. */
async function withdrawalRequest() {
  const user = await verifiedUser(server);
  credit(server, user.email, '1', 'BTC');
  const addressId = await savedAddress(server, user.token, { currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
  const requested = await server.post<{ id: number }>('/wallet/out', { currency: 'BTC', number: '0.5', address_id: addressId, pay_password: FUND_PASSWORD }, { token: user.token, ip: freshIp() });
  if (requested.type !== 'ok') throw new Error(JSON.stringify(requested));
  return { ...user, withdrawalId: requested.message.id };
}

describe('deposits queue', () => {
  it('lists a voucher waiting, shows its picture to operators, approves it into the user\'s balance, and tells the user', async () => {
    const events = capturedUserEvents();
    const user = await voucherDeposit();
    const list = await admin.get<Page<{ id: number; account: string; amount: string; status: string }>>('/queues/deposits', { limit: 100 });
    expect(list.message.list).toContainEqual(expect.objectContaining({ id: user.depositId, account: user.email, amount: '500.000000', status: 'review' }));
    const detail = await admin.get<{ payer_account: string; voucher_url: string; user: { email: string } }>(`/queues/deposits/${user.depositId}`);
    expect(detail.message).toMatchObject({ payer_account: 'ACME Bank 1234', user: { email: user.email } });
    const picture = await admin.raw(detail.message.voucher_url.replace('/api/console', ''));
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    expect((await admin.get<{ deposits_pending: number }>('/dashboard')).message.deposits_pending).toBeGreaterThan(0);

    expect((await admin.post(`/queues/deposits/${user.depositId}/approve`, {})).type).toBe('ok');
    expect(await spot(user.token, 'USDT')).toMatchObject({ available: '500.000000' });
    expect(await lastAudit('deposit.approve', user.depositId)).toMatchObject({ target_type: 'deposit', before: { status: 'review' }, after: { status: 'credited' } });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'deposit.credited', refId: user.depositId }));
    const postings = (await server.post<{ list: { type_name: string }[] }>('/wallet/legal_log', {}, { token: user.token, lang: 'en' })).message.list;
    expect(postings).toEqual([expect.objectContaining({ type_name: 'Deposit (voucher)' })]);
    expect(await admin.post(`/queues/deposits/${user.depositId}/approve`, {})).toEqual({ type: 'error', message: 'This deposit is not waiting for review' });
  });

  it('rejects with the reason and changes no balance', async () => {
    const events = capturedUserEvents();
    const user = await voucherDeposit();
    expect((await admin.post(`/queues/deposits/${user.depositId}/reject`, {})).message).toBe('Choose or write a reason for the rejection');
    expect((await admin.post(`/queues/deposits/${user.depositId}/reject`, { reason: 'No such payment on our account' })).type).toBe('ok');
    expect(await spot(user.token, 'USDT')).toMatchObject({ available: '0.000000' });
    const record = (await server.get<{ list: { status: string; reason: string }[] }>('/recharge/log', {}, { token: user.token })).message.list[0];
    expect(record).toMatchObject({ status: 'rejected', reason: 'No such payment on our account' });
    expect(await lastAudit('deposit.reject', user.depositId)).toMatchObject({ after: { status: 'rejected', reason: 'No such payment on our account' } });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'deposit.rejected', params: expect.objectContaining({ reason: 'No such payment on our account' }) }));
  });

  it('lets viewers look but not decide, and answers unknown ids as missing', async () => {
    const user = await voucherDeposit();
    const viewer = await signIn(server, await createOperator(server, 'viewer'));
    expect((await viewer.get(`/queues/deposits/${user.depositId}`)).type).toBe('ok');
    expect(await viewer.post(`/queues/deposits/${user.depositId}/approve`, {})).toEqual({ type: 'error', message: 'Your role does not allow this action' });
    expect(await admin.get('/queues/deposits/99999999')).toEqual({ type: 'error', message: 'Deposit not found' });
    expect(await spot(user.token, 'USDT')).toMatchObject({ available: '0.000000' });
  });

  it('rejects with a listed reason each reader sees in their own language, or a written one as written; an unlisted code is refused', async () => {
    const events = capturedUserEvents();
    const listed = await voucherDeposit();
    expect(await listedReasonCodes(admin, 'deposits', listed.depositId)).toEqual(['amount_mismatch', 'tx_not_found', 'wrong_network', 'duplicate_receipt']);
    expect(await admin.post(`/queues/deposits/${listed.depositId}/reject`, { reason_code: 'blurred' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
    expect((await admin.post(`/queues/deposits/${listed.depositId}/reject`, { reason_code: 'wrong_network' })).type).toBe('ok');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'deposit.rejected', refId: listed.depositId, params: expect.objectContaining({ reason_code: 'wrong_network' }) }));
    const records = (await server.get<{ list: { id: number; reason: string }[] }>('/recharge/log', {}, { token: listed.token, lang: 'fra' })).message.list;
    expect(records).toContainEqual(expect.objectContaining({ id: listed.depositId, reason: 'Le paiement a été envoyé sur un autre réseau que celui choisi' }));
    expect(await noticeContent(server, listed.token, 'deposit.rejected', 'jp')).toContain('選択されたネットワークとは別のネットワークで送金されています');
    expect(await operatorReason(admin, 'deposits', listed.depositId, 'zh')).toBe('付款使用的网络与您选择的网络不同');
    // The audit trail reads what changed: the reason written out in the operator's language, not its key; the unchanged amount is not listed.
    const audited = (await admin.get<Page<{ changes: { field: string; kind: string; before: unknown; after: unknown }[] }>>('/audit', { action: 'deposit.reject', target_id: String(listed.depositId), lang: 'en' })).message.list[0];
    expect(audited?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', kind: 'text', before: 'review', after: 'rejected' },
        { field: 'reason', kind: 'text', before: null, after: 'The payment was sent on a different network from the one you chose' },
        expect.objectContaining({ field: 'reviewed_at', kind: 'time', before: null, after: expect.any(Number) }),
      ]),
    );
    expect(audited?.changes.map((change) => change.field)).not.toContain('amount');

    const written = await voucherDeposit();
    expect((await admin.post(`/queues/deposits/${written.depositId}/reject`, { reason: 'The payer is not the account holder' })).type).toBe('ok');
    const writtenRecords = (await server.get<{ list: { id: number; reason: string }[] }>('/recharge/log', {}, { token: written.token, lang: 'fra' })).message.list;
    expect(writtenRecords).toContainEqual(expect.objectContaining({ id: written.depositId, reason: 'The payer is not the account holder' }));
    expect(await noticeContent(server, written.token, 'deposit.rejected', 'jp')).toContain('The payer is not the account holder');
  });
});

describe('withdrawals queue', () => {
  it('shows the request with the full destination and the ticks that valued it, and pays it with a reference', async () => {
    const events = capturedUserEvents();
    const user = await withdrawalRequest();
    const detail = await admin.get<{ destination: string; amount: string; fee: string; btc_value: string; balance: { frozen: string }; user: { email: string } }>(`/queues/withdrawals/${user.withdrawalId}`);
    expect(detail.message).toMatchObject({ destination: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.49980000', fee: '0.00020000', btc_value: '0.50000000', balance: { frozen: '0.50000000' }, user: { email: user.email } });
    expect((await admin.get<{ withdrawals_pending: number }>('/dashboard')).message.withdrawals_pending).toBeGreaterThan(0);
    expect((await admin.post(`/queues/withdrawals/${user.withdrawalId}/approve`, {})).message).toBe('Please enter transaction reference');
    const txRef = 'a1'.repeat(32);
    expect((await admin.post(`/queues/withdrawals/${user.withdrawalId}/approve`, { tx_ref: txRef })).type).toBe('ok');
    expect(await spot(user.token, 'BTC')).toMatchObject({ available: '0.50000000', frozen: '0.00000000' });
    const record = (await server.get<{ list: { status: string; explorer_url: string }[] }>('/user/withdraw/list', {}, { token: user.token })).message.list[0];
    expect(record).toMatchObject({ status: 'paid', explorer_url: `https://mempool.space/tx/${txRef}` });
    expect(await lastAudit('withdrawal.approve', user.withdrawalId)).toMatchObject({ before: { status: 'review' }, after: { status: 'paid', txRef } });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'withdrawal.paid', refId: user.withdrawalId }));
    // The user's notification centre has it in the reader's language, linked to the records.
    const notices = await server.get<{ list: { kind: string; title: string; content: string; link: string }[] }>('/notice/list', { limit: 50 }, { token: user.token, lang: 'en' });
    expect(notices.message.list.find((notice) => notice.kind === 'withdrawal.paid')).toMatchObject({
      title: 'Withdrawal',
      content: 'Your withdrawal of 0.4998 BTC was approved and sent.',
      link: '/pages/fund/receive_withdraw_record',
    });
    const clearing = (await admin.get<{ system_accounts: { account: string; currency: string; available: string }[] }>('/dashboard')).message.system_accounts;
    expect(clearing).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'withdrawal_clearing', currency: 'BTC' }), expect.objectContaining({ account: 'fees', currency: 'BTC' })]));
  });

  it('rejects with the reason and returns the frozen amount and fee', async () => {
    const events = capturedUserEvents();
    const user = await withdrawalRequest();
    expect((await admin.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason: 'Address flagged by compliance' })).type).toBe('ok');
    expect(await spot(user.token, 'BTC')).toMatchObject({ available: '1.00000000', frozen: '0.00000000' });
    const record = (await server.get<{ list: { status: string; reason: string }[] }>('/user/withdraw/list', {}, { token: user.token })).message.list[0];
    expect(record).toMatchObject({ status: 'rejected', reason: 'Address flagged by compliance' });
    const postings = (await server.post<{ list: { type_name: string }[] }>('/wallet/legal_log', { currency: 'BTC' }, { token: user.token, lang: 'en' })).message.list;
    expect(postings.slice(0, 2).map((posting) => posting.type_name)).toEqual(['Withdrawal returned', 'Withdrawal returned']);
    expect(await lastAudit('withdrawal.reject', user.withdrawalId)).toMatchObject({ after: { status: 'rejected' } });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'withdrawal.rejected', params: expect.objectContaining({ reason: 'Address flagged by compliance' }) }));
    expect(await admin.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason: 'again' })).toEqual({ type: 'error', message: 'This withdrawal is not waiting for review' });
  });

  it('rejects with a listed reason each reader sees in their own language; an unlisted code is refused', async () => {
    const user = await withdrawalRequest();
    expect(await listedReasonCodes(admin, 'withdrawals', user.withdrawalId)).toEqual(['address_risk', 'verification_needed', 'limit_exceeded', 'suspicious_activity']);
    expect(await admin.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason_code: 'tx_not_found' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
    expect(await spot(user.token, 'BTC')).toMatchObject({ frozen: '0.50000000' });
    expect((await admin.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason_code: 'limit_exceeded' })).type).toBe('ok');
    expect(await spot(user.token, 'BTC')).toMatchObject({ available: '1.00000000', frozen: '0.00000000' });
    const record = (await server.get<{ list: { id: number; reason: string }[] }>('/user/withdraw/list', {}, { token: user.token, lang: 'kor' })).message.list[0];
    expect(record).toMatchObject({ id: user.withdrawalId, reason: '출금 금액이 현재 한도를 초과합니다' });
    expect(await noticeContent(server, user.token, 'withdrawal.rejected', 'spa')).toContain('El retiro supera su límite actual');
    expect(await operatorReason(admin, 'withdrawals', user.withdrawalId, 'en')).toBe('The withdrawal exceeds your current limit');
  });

  it('offers only the reasons that fit the route: no address check for a bank payout, no payee for an address', async () => {
    const user = await verifiedUser(server);
    credit(server, user.email, '1000', 'USDT');
    const card = { real_name: 'Ada Lovelace', bank_name: 'Bank of Example', bank_account: '6222 0212 3456 7890', bank_dizhi: 'Shanghai', bank_network: 'Pudong branch', phone: '13912345678' };
    expect((await server.post('/user/cash_save', card, { token: user.token })).type).toBe('ok');
    const requested = await server.post<{ id: number }>('/wallet/out', { currency: 'USDT', number: '200', type: 'bank', pay_password: FUND_PASSWORD }, { token: user.token, ip: freshIp() });
    const bankId = requested.message.id;
    expect(await listedReasonCodes(admin, 'withdrawals', bankId)).toEqual(['payee_mismatch', 'verification_needed', 'limit_exceeded', 'suspicious_activity']);
    expect(await admin.post(`/queues/withdrawals/${bankId}/reject`, { reason_code: 'address_risk' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
    expect((await admin.post(`/queues/withdrawals/${bankId}/reject`, { reason_code: 'payee_mismatch' })).type).toBe('ok');
    expect(await noticeContent(server, user.token, 'withdrawal.rejected', 'en')).toContain("The payee's name does not match your verified name");

    const onChain = await withdrawalRequest();
    expect(await admin.post(`/queues/withdrawals/${onChain.withdrawalId}/reject`, { reason_code: 'payee_mismatch' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
  });

  it('refuses support and viewer roles a decision', async () => {
    const user = await withdrawalRequest();
    for (const role of ['support', 'viewer'] as const) {
      const operator = await signIn(server, await createOperator(server, role));
      expect(await operator.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason: 'no' })).toEqual({ type: 'error', message: 'Your role does not allow this action' });
    }
    expect(await spot(user.token, 'BTC')).toMatchObject({ frozen: '0.50000000' });
  });
});

describe('the user page\'s audit tab', () => {
  it('lists the decisions on the user\'s deposits and withdrawals, and none of another user\'s', async () => {
    const user = await withdrawalRequest();
    const voucher = (await upload(server, user.token, TINY_PNG, 'voucher.png', 'voucher')).message;
    const deposit = await server.post<{ id: number }>('/wallet/charge_req', { currency: 'USDT', amount: '75', voucher, account: 'ACME Bank 1234', type: 1 }, { token: user.token });
    const other = await voucherDeposit();
    expect((await admin.post(`/queues/deposits/${deposit.message.id}/reject`, { reason: 'No such payment on our account' })).type).toBe('ok');
    expect((await admin.post(`/queues/withdrawals/${user.withdrawalId}/reject`, { reason: 'Address flagged by compliance' })).type).toBe('ok');
    expect((await admin.post(`/queues/deposits/${other.depositId}/approve`, {})).type).toBe('ok');
    const entries = (await admin.get<Page<AuditEntry & { target_id: string }>>(`/users/${user.userId}/audit`)).message.list;
    expect(entries.map((entry) => `${entry.action} ${entry.target_id}`)).toEqual(expect.arrayContaining([`withdrawal.reject ${user.withdrawalId}`, `deposit.reject ${deposit.message.id}`]));
    expect(entries.map((entry) => entry.action)).not.toContain('deposit.approve');
  });
});
