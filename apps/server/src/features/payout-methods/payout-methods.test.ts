import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, TINY_PNG, type TestServer, upload } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

interface SavedAddress {
  id: number;
  currency: string;
  chain: string;
  network: string;
  name: string;
  address: string;
  memo: string | null;
}

async function qrPicture(token: string): Promise<string> {
  return (await upload(server, token, TINY_PNG, 'qr.png', 'wallet')).message;
}

describe('saved withdrawal addresses', () => {
  it('saves an address in its chain\'s canonical form, lists it, refuses its duplicate and deletes it', async () => {
    const { token } = await registerUser(server);
    const qrcode = await qrPicture(token);
    const saved = await server.post<SavedAddress & { message: string }>('/user/wallet/save', { currency: 'ETH', name: 'Ledger', address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', qrcode }, { token, lang: 'en' });
    expect(saved.message).toMatchObject({ currency: 'ETH', chain: 'ERC20', network: 'Ethereum (ERC20)', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', message: 'Address saved' });
    // The same destination typed in another case is the same address.
    expect(await server.post('/user/wallet/save', { currency: 'ETH', name: 'Again', address: '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', qrcode }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'This address is already saved' });
    const xrp = await server.post<SavedAddress>('/user/wallet/save', { currency: 'XRP', name: 'Exchange', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '12345', qrcode }, { token });
    expect(xrp.message).toMatchObject({ chain: 'XRP', memo: '12345' });
    const list = (await server.get<{ list: SavedAddress[]; total: number }>('/user/wallet/list', {}, { token })).message;
    expect(list.list.map((entry) => entry.currency)).toEqual(['XRP', 'ETH']);
    expect((await server.get<{ list: SavedAddress[] }>('/user/wallet/list', { currency: 'XRP' }, { token })).message.list).toHaveLength(1);
    expect(await server.post('/user/wallet/del', { id: saved.message.id }, { token, lang: 'en' })).toEqual({ type: 'ok', message: 'Address deleted' });
    expect((await server.get<{ total: number }>('/user/wallet/list', {}, { token })).message.total).toBe(1);
  });

  it('refuses malformed and wrong-chain addresses, a missing chain or QR picture, and a memo the chain does not take', async () => {
    const { token } = await registerUser(server);
    const other = await registerUser(server);
    const qrcode = await qrPicture(token);
    const foreignQr = await qrPicture(other.token);
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency: 'BTC', name: 'a', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', qrcode }, 'This is not a valid Bitcoin address'],
      [{ currency: 'BTC', name: 'a', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', qrcode }, 'This is not a valid Bitcoin address'],
      [{ currency: 'ETH', name: 'a', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', qrcode }, 'This is not a valid Ethereum (ERC20) address'],
      [{ currency: 'USDT', chain: 'TRC20', name: 'a', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', qrcode }, 'This is not a valid TRON (TRC20) address'],
      [{ currency: 'BCH', name: 'a', address: '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', qrcode }, 'This is not a valid Bitcoin Cash address'],
      [{ currency: 'SOL', name: 'a', address: 'So1111111111111111111111111111111111111111', qrcode }, 'This is not a valid Solana address'],
      [{ currency: 'ADA', name: 'a', address: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9', qrcode }, 'This is not a valid Cardano address'],
      [{ currency: 'USDT', name: 'a', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrcode }, 'Please choose a chain'],
      [{ currency: 'USDT', chain: 'SOL', name: 'a', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrcode }, 'This currency is not available on that chain'],
      [{ currency: 'BTC', name: 'a', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, 'Please enter QR code picture'],
      [{ currency: 'BTC', name: 'a', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', qrcode: foreignQr }, "Please upload a picture of the address's QR code"],
      [{ currency: 'BTC', name: 'a', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', qrcode, memo: '1' }, 'Bitcoin addresses take no memo'],
      [{ currency: 'XRP', name: 'a', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', qrcode, memo: '99999999999' }, 'The destination tag is a whole number up to 4294967295'],
      [{ currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', qrcode }, 'Please enter name'],
      [{ currency: 'AAPL', name: 'a', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', qrcode }, 'Currency not found'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/user/wallet/save', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    expect((await server.get<{ total: number }>('/user/wallet/list', {}, { token })).message.total).toBe(0);
  });

  it('never shows or deletes another user\'s address', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const saved = await server.post<SavedAddress>('/user/wallet/save', { currency: 'BTC', name: 'Mine', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', qrcode: await qrPicture(owner.token) }, { token: owner.token });
    expect((await server.get<{ total: number }>('/user/wallet/list', {}, { token: stranger.token })).message.total).toBe(0);
    expect(await server.post('/user/wallet/del', { id: saved.message.id }, { token: stranger.token, lang: 'en' })).toEqual({ type: 'error', message: 'Withdrawal address not found' });
    expect((await server.get<{ total: number }>('/user/wallet/list', {}, { token: owner.token })).message.total).toBe(1);
    expect((await server.post('/user/wallet/del', { id: 'abc' }, { token: owner.token, lang: 'en' })).message).toBe('id is not valid');
    expect((await server.get('/user/wallet/list', {})).type).toBe('999');
  });
});

describe('bank cards', () => {
  const card = { real_name: 'Ada Lovelace', bank_name: 'Bank of Example', bank_account: '6222 0212 3456 7890', bank_dizhi: 'Shanghai', bank_network: 'Pudong branch', phone: '13912345678' };
  const international = {
    real_name: 'Ada Lovelace',
    bank_name: 'Example Bank NA',
    bank_account: 'DE89 3704 0044 0532 0130 00',
    bank_dizhi: '1 Main Street, New York',
    aba_number: '021000021',
    wechat_nickname: 'chasus33',
    wechat_account: '10 Downing Street, London',
  };

  it('saves the bank card once; a change goes through customer service', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/user/cash_info', {}, { token })).message).toBeNull();
    expect(await server.post('/user/cash_save', card, { token, lang: 'en' })).toEqual({ type: 'ok', message: 'Bank card saved' });
    expect((await server.post('/user/cash_info', {}, { token })).message).toMatchObject({ real_name: 'Ada Lovelace', bank_account: '**** 7890', bank_dizhi: 'Shanghai', bank_network: 'Pudong branch', phone: '139****5678' });
    expect(await server.post('/user/cash_save', { ...card, bank_account: '6222 0000 0000 0000' }, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Your bank card is saved. To change it, please contact customer service',
    });
    expect((await server.post<{ bank_account: string }>('/user/cash_info', {}, { token })).message.bank_account).toBe('**** 7890');
  });

  it('saves the international card with the SWIFT code in wechat_nickname and the holder address in wechat_account', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/user/cash_save_international', international, { token })).type).toBe('ok');
    expect((await server.post('/user/cash_info_international', {}, { token })).message).toMatchObject({ wechat_nickname: 'CHASUS33', wechat_account: '10 Downing Street, London', aba_number: '021000021', bank_account: '**** 3000' });
    expect((await server.post('/user/cash_save_international', international, { token, lang: 'en' })).message).toBe('Your bank card is saved. To change it, please contact customer service');
    // The domestic card is a separate one.
    expect((await server.post('/user/cash_info', {}, { token })).message).toBeNull();
  });

  it('requires every field and checks account, SWIFT and ABA formats', async () => {
    const { token } = await registerUser(server);
    const refusals: [string, Record<string, unknown>, string][] = [
      ['/user/cash_save', { ...card, bank_network: '' }, 'Please enter branch'],
      ['/user/cash_save', { ...card, phone: undefined }, 'Please enter phone number'],
      ['/user/cash_save', { ...card, bank_account: '62220212abc' }, 'Enter a valid account number'],
      ['/user/cash_save', { ...card, real_name: 'Ada <b>' }, 'Enter your legal name without special characters'],
      ['/user/cash_save_international', { ...international, wechat_nickname: 'CHAS' }, 'Enter a valid SWIFT code (8 or 11 letters and digits)'],
      ['/user/cash_save_international', { ...international, aba_number: '021000022' }, 'Enter a valid 9-digit ABA routing number'],
      ['/user/cash_save_international', { ...international, wechat_account: '' }, 'Please enter cardholder address'],
    ];
    for (const [path, body, message] of refusals) expect(await server.post(path, body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    expect((await server.post('/user/cash_info', {}, { token })).message).toBeNull();
    expect((await server.post('/user/cash_info_international', {}, { token })).message).toBeNull();
  });
});
