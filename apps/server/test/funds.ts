import { desc, eq } from 'drizzle-orm';
import { loadChainSettings } from '../src/chains/settings.ts';
import { sendSimulatedDeposit } from '../src/chains/simulated-chain.ts';
import { identityVerifications } from '../src/db/schema.ts';
import { reviewVerification } from '../src/platform/verification-review.ts';
import { bindPhone, freshIp, latestCode, registerUser, type TestServer, TINY_PNG, uniquePhone, upload } from './harness.ts';

/** Test helpers for deposits and withdrawals: users ready to withdraw, simulated chain transfers, scheduled jobs run now. */

export const FUND_PASSWORD = 'Fund12345';

export interface FundsUser {
  email: string;
  token: string;
  userId: number;
}

let documentCounter = 0;

/** A user with phone bound, Lv1 approved (through the review gate) and a fund password. */
export async function verifiedUser(server: TestServer, options: { fundPassword?: boolean } = {}): Promise<FundsUser> {
  documentCounter += 1;
  const user = await registerUser(server);
  const ip = freshIp();
  await bindPhone(server, user.token, uniquePhone());
  const front = (await upload(server, user.token, TINY_PNG)).message;
  const submitted = await server.post('/user/real', { real_type: 1, id_type: 2, name: 'Ada Lovelace', card_id: `F${String(Date.now() % 1_000_000).padStart(6, '0')}${documentCounter}` , front_pic: front }, { token: user.token, ip });
  if (submitted.type !== 'ok') throw new Error(`verification not submitted: ${JSON.stringify(submitted)}`);
  const { ctx } = server.built;
  const request = ctx.db.select().from(identityVerifications).orderBy(desc(identityVerifications.id)).where(eq(identityVerifications.status, 'review')).get();
  if (!request) throw new Error('no verification in review');
  reviewVerification(ctx, request.id, { approve: true }, { actor: 'test' });
  if (options.fundPassword !== false) {
    if ((await server.post('/sms_mail', { scene: 'safe' }, { token: user.token, ip })).type !== 'ok') throw new Error('no safe code sent');
    const code = await latestCode(server, user.email);
    const set = await server.post('/safe/update_password', { password: FUND_PASSWORD, re_password: FUND_PASSWORD, code }, { token: user.token, ip });
    if (set.type !== 'ok') throw new Error(`fund password not set: ${JSON.stringify(set)}`);
  }
  return { email: user.email, token: user.token, userId: request.userId };
}

/** Broadcasts on the simulated chain, as `pnpm ops chain send` does. */
export function chainSend(server: TestServer, request: { address: string; amount: string; currency?: string; chain?: string; tag?: number }) {
  const { ctx } = server.built;
  return sendSimulatedDeposit(ctx.db, loadChainSettings(ctx.config.seedDataDir, ctx.catalog), ctx.catalog, request, ctx.now());
}

/** Moves the clock and runs every scheduled job (chain watchers included) now. */
export async function elapse(server: TestServer, ms: number): Promise<void> {
  server.advance(ms);
  await server.built.ctx.scheduler.runDue();
}

/** A saved withdrawal address with its QR picture uploaded, as the addWallet page does it. */
export async function savedAddress(server: TestServer, token: string, fields: { currency: string | number; chain?: string; address: string; name?: string; memo?: string }): Promise<number> {
  const qrcode = (await upload(server, token, TINY_PNG, 'qr.png', 'wallet')).message;
  const saved = await server.post<{ id: number }>('/user/wallet/save', { name: 'Cold wallet', qrcode, ...fields }, { token });
  if (saved.type !== 'ok') throw new Error(`address not saved: ${JSON.stringify(saved)}`);
  return saved.message.id;
}
