import { canonicalAddress } from '@openbourse/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, TINY_PNG, type TestServer, upload } from '../../../test/harness.ts';
import { chainSend, elapse } from '../../../test/funds.ts';
import type { UserEvent } from '../../market/bus.ts';

let server: TestServer;
const BLOCK_MS = 10_000;

beforeAll(async () => {
  server = await startServer({ CHAIN_SIM_BLOCK_SECONDS: String(BLOCK_MS / 1000) });
});

interface ChainInfo {
  chain: string;
  network: string;
  enabled: boolean;
  reason: string | null;
  deposit: { route: string; address_deposits: string; min: string; confirmations: number; memo: boolean };
  withdraw: { fee: string; min: string; max: string };
}
interface CoinInfo {
  currency: string;
  available: string;
  chains: ChainInfo[];
  voucher: { min: string };
  bank: { route: string; fee: string }[];
  withdraw_limit: { level: number; limit_btc: string; remaining_btc: string; remaining: string | null };
  withdrawals_locked_until: number | null;
}
interface DepositAddress {
  address: string;
  tag: number | null;
  chain: string;
  memo_required: boolean;
  qr_code: string;
  confirmations: number;
}
interface DepositRecord {
  id: number;
  route: string;
  status: string;
  amount: string;
  currency: string;
  chain: string | null;
  confirmations: number;
  required_confirmations: number;
  txid: string | null;
  explorer_url: string | null;
  reason: string | null;
}

async function records(token: string): Promise<DepositRecord[]> {
  return (await server.get<{ list: DepositRecord[] }>('/recharge/log', { limit: 50 }, { token })).message.list;
}

async function spotBalance(token: string, currency: string): Promise<string> {
  return (await server.post<{ available: string }>('/wallet/detail', { currency, type: 'change' }, { token })).message.available;
}

function capturedUserEvents(): UserEvent[] {
  const events: UserEvent[] = [];
  server.built.ctx.bus.on('user', (event) => events.push(event));
  return events;
}

describe('deposit settings', () => {
  it('answers each chain of a currency with its minimum, confirmations, memo, fee and limits', async () => {
    const { token } = await registerUser(server);
    const usdt = (await server.post<CoinInfo>('/wallet/get_info', { currency: 'USDT' }, { token, lang: 'en' })).message;
    expect(usdt.chains.map((chain) => chain.chain)).toEqual(['ERC20', 'TRC20']);
    expect(usdt.chains[1]).toMatchObject({ network: 'TRON (TRC20)', enabled: true, deposit: { route: 'address', address_deposits: 'on', min: '1.000000', confirmations: 20, memo: false }, withdraw: { fee: '1.000000', min: '10.000000' } });
    expect(usdt.bank.map((bank) => bank.route)).toEqual(['bank', 'bank_international']);
    expect(usdt.withdraw_limit).toMatchObject({ level: 0, limit_btc: '0.00000000', remaining_btc: '0.00000000' });
    const xrp = (await server.post<CoinInfo>('/wallet/get_info', { currency: 7 }, { token })).message;
    expect(xrp.chains[0]?.deposit).toMatchObject({ route: 'tag', memo: true });
    const sol = (await server.post<CoinInfo>('/wallet/get_info', { currency: 'SOL' }, { token })).message;
    expect(sol.chains[0]?.deposit).toMatchObject({ route: 'voucher', address_deposits: 'voucher' });
    const ada = (await server.post<CoinInfo>('/wallet/get_info', { currency: 'ADA' }, { token, lang: 'en' })).message;
    expect(ada.chains[0]).toMatchObject({ enabled: false, reason: 'network upgrade' });
  });

  it('refuses stocks, unknown currencies and visitors', async () => {
    const { token } = await registerUser(server);
    for (const currency of ['AAPL', 999, 'XYZ']) expect(await server.post('/wallet/get_info', { currency }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Currency not found' });
    expect((await server.post('/wallet/get_info', { currency: 'BTC' })).type).toBe('999');
  });
});

describe('deposit addresses', () => {
  it('gives each user their own address per chain, in the chain\'s format, kept across requests, with a QR code', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    const btc = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'BTC' }, { token: first.token })).message;
    expect(btc.address).toMatch(/^bc1q/);
    expect(canonicalAddress('BTC', btc.address)).toBe(btc.address);
    expect(btc.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(btc.confirmations).toBe(2);
    expect((await server.post<DepositAddress>('/wallet/get_in_address', { currency: 1 }, { token: first.token })).message.address).toBe(btc.address);
    expect((await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'BTC' }, { token: second.token })).message.address).not.toBe(btc.address);
    const eth = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'ETH' }, { token: first.token })).message;
    const usdtErc20 = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'USDT', chain: 'ERC20' }, { token: first.token })).message;
    expect(usdtErc20.address).toBe(eth.address);
    expect(canonicalAddress('ERC20', eth.address)).toBe(eth.address);
    const formats: [string, string, RegExp][] = [
      ['USDT', 'TRC20', /^T/],
      ['LTC', 'LTC', /^ltc1q/],
      ['BCH', 'BCH', /^bitcoincash:q/],
      ['DOGE', 'DOGE', /^D/],
    ];
    for (const [currency, chain, format] of formats) {
      const answer = (await server.post<DepositAddress>('/wallet/get_in_address', { currency, chain }, { token: first.token })).message;
      expect(answer.address).toMatch(format);
      expect(canonicalAddress(chain as 'TRC20', answer.address)).toBe(answer.address);
    }
  });

  it('gives XRP the platform address with the user\'s destination tag', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const mine = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'XRP' }, { token: user.token })).message;
    const theirs = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'XRP' }, { token: other.token })).message;
    expect(mine.address).toBe(theirs.address);
    expect(mine.address).toMatch(/^r/);
    expect(mine.memo_required).toBe(true);
    expect(mine.tag).not.toBe(theirs.tag);
  });

  it('refuses voucher-only and suspended chains, a missing chain, and another user\'s id', async () => {
    const { token } = await registerUser(server);
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency: 'SOL' }, 'Deposits to an address are not available for this coin here. Please use a payment voucher'],
      [{ currency: 'ADA' }, 'Deposits and withdrawals on this chain are suspended: network upgrade'],
      [{ currency: 'USDT' }, 'Please choose a chain'],
      [{ currency: 'USDT', chain: 'BTC' }, 'This currency is not available on that chain'],
      [{ currency: 'BTC', user_id: 1 }, 'Record not found'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/wallet/get_in_address', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
  });
});

describe('deposits on the simulated chain', () => {
  it('shows confirmations as they grow and credits the user once, at the chain\'s threshold', async () => {
    const events = capturedUserEvents();
    const { token } = await registerUser(server);
    const { address } = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'BTC' }, { token })).message;
    const { txid } = chainSend(server, { address, amount: '0.5' });
    await elapse(server, 0);
    expect(await records(token)).toEqual([expect.objectContaining({ route: 'chain', status: 'confirming', amount: '0.50000000', confirmations: 0, required_confirmations: 2, txid, chain: 'BTC' })]);
    await elapse(server, BLOCK_MS);
    expect((await records(token))[0]).toMatchObject({ status: 'confirming', confirmations: 1 });
    expect(await spotBalance(token, 'BTC')).toBe('0.00000000');
    await elapse(server, BLOCK_MS);
    const [credited] = await records(token);
    expect(credited).toMatchObject({ status: 'credited', confirmations: 2, explorer_url: `https://mempool.space/tx/${txid}` });
    expect(await spotBalance(token, 'BTC')).toBe('0.50000000');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'deposit.credited', refType: 'deposit', refId: credited?.id, params: expect.objectContaining({ amount: '0.50000000', currency: 'BTC', txid }) }));
    // Later polls see the same transfer again: it is never credited twice.
    await elapse(server, BLOCK_MS * 5);
    expect(await spotBalance(token, 'BTC')).toBe('0.50000000');
    const postings = (await server.post<{ list: { type: string; type_name: string }[] }>('/wallet/legal_log', { currency: 'BTC' }, { token, lang: 'en' })).message.list;
    expect(postings).toEqual([expect.objectContaining({ type: 'deposit', type_name: 'Deposit' })]);
  });

  it('credits ERC20 tokens and TRC20 USDT to the account of the address they reached', async () => {
    const { token } = await registerUser(server);
    const eth = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'USDT', chain: 'ERC20' }, { token })).message;
    const tron = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'USDT', chain: 'TRC20' }, { token })).message;
    chainSend(server, { address: eth.address, amount: '250', currency: 'USDT' });
    chainSend(server, { address: tron.address, amount: '40' });
    await elapse(server, BLOCK_MS * 12);
    expect(await spotBalance(token, 'USDT')).toBe('250.000000');
    await elapse(server, BLOCK_MS * 8);
    expect(await spotBalance(token, 'USDT')).toBe('290.000000');
  });

  it('keeps a transfer below the minimum out of the balance, and ignores addresses no user has', async () => {
    const { token } = await registerUser(server);
    const { address } = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'LTC' }, { token })).message;
    chainSend(server, { address, amount: '0.001' });
    chainSend(server, { address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', amount: '5' });
    await elapse(server, BLOCK_MS * 10);
    expect(await records(token)).toEqual([expect.objectContaining({ status: 'below_minimum', amount: '0.00100000' })]);
    expect(await spotBalance(token, 'LTC')).toBe('0.00000000');
  });

  it('credits XRP by destination tag; a transfer with an unknown tag is not anyone\'s', async () => {
    const { token } = await registerUser(server);
    const { address, tag } = (await server.post<DepositAddress>('/wallet/get_in_address', { currency: 'XRP' }, { token })).message;
    chainSend(server, { address, amount: '100', tag: tag as number });
    chainSend(server, { address, amount: '100', tag: 4_000_000_000 });
    await elapse(server, BLOCK_MS);
    expect(await spotBalance(token, 'XRP')).toBe('100.000000');
    expect(await records(token)).toHaveLength(1);
  });
});

describe('voucher deposits', () => {
  it('records a voucher for review without touching the balance', async () => {
    const { token } = await registerUser(server);
    const voucher = (await upload(server, token, TINY_PNG, 'voucher.png', 'voucher')).message;
    const submitted = await server.post<{ id: number; status: string; message: string }>('/wallet/charge_req', { currency: 'USDT', amount: '500', voucher, account: '6222 0000 1111', type: 1 }, { token, lang: 'en' });
    expect(submitted.message).toMatchObject({ status: 'review', message: 'Submitted. The deposit is credited once it is approved' });
    expect(await records(token)).toEqual([expect.objectContaining({ id: submitted.message.id, route: 'voucher', status: 'review', amount: '500.000000', chain: null })]);
    expect(await spotBalance(token, 'USDT')).toBe('0.000000');
  });

  it('refuses a missing or foreign voucher, amounts below the minimum or too precise, and unknown chains', async () => {
    const { token } = await registerUser(server);
    const other = await registerUser(server);
    const voucher = (await upload(server, token, TINY_PNG, 'voucher.png', 'voucher')).message;
    const foreign = (await upload(server, other.token, TINY_PNG, 'voucher.png', 'voucher')).message;
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency: 'USDT', amount: '500' }, 'Please enter payment voucher'],
      [{ currency: 'USDT', amount: '500', voucher: foreign }, 'Please upload the payment voucher'],
      [{ currency: 'USDT', amount: '500', voucher: '/uploads/voucher/../../etc/passwd' }, 'Please upload the payment voucher'],
      [{ currency: 'USDT', amount: '0.5', voucher }, 'The minimum deposit is 1.00 USDT'],
      [{ currency: 'USDT', amount: '5', voucher, chain: 'ERC20' }, 'The minimum deposit is 10.00 USDT'],
      [{ currency: 'BTC', amount: '0.000000001', voucher }, 'Enter a correct amount'],
      [{ currency: 'BTC', amount: '-1', voucher }, 'Enter a correct amount'],
      [{ currency: 'BTC', amount: 'abc', voucher }, 'Enter a correct amount'],
      [{ currency: 'BTC', amount: '1', voucher, chain: 'TRC20' }, 'This currency is not available on that chain'],
      [{ currency: 'ADA', amount: '100', voucher, chain: 'ADA' }, 'Deposits and withdrawals on this chain are suspended: network upgrade'],
      [{ currency: 'AAPL', amount: '1', voucher }, 'Currency not found'],
      [{ currency: 'BTC', amount: '1', voucher, type: 7 }, 'type is out of range'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/wallet/charge_req', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    expect(await records(token)).toEqual([]);
  });

  it('keeps at most five vouchers waiting per user', async () => {
    const { token } = await registerUser(server);
    const voucher = (await upload(server, token, TINY_PNG, 'voucher.png', 'voucher')).message;
    for (let index = 0; index < 5; index += 1) expect((await server.post('/wallet/charge_req', { currency: 'BTC', amount: '0.01', voucher }, { token })).type).toBe('ok');
    expect(await server.post('/wallet/charge_req', { currency: 'BTC', amount: '0.01', voucher }, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'You already have 5 deposits waiting for review. Please wait until they are reviewed',
    });
  });

  it('lists only the caller\'s own deposits, paged', async () => {
    const { token } = await registerUser(server);
    const page = await server.get<{ list: unknown[]; total: number; page: number }>('/recharge/log', { page: 1, limit: 5 }, { token });
    expect(page.message).toMatchObject({ list: [], total: 0, page: 1 });
    expect((await server.get('/recharge/log', {})).type).toBe('999');
    expect((await server.get('/recharge/log', { page: 0 }, { token, lang: 'en' })).message).toBe('page is out of range');
  });
});
