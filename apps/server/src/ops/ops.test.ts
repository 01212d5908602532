import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, registerUser, startServer, TINY_PNG, type TestServer, uniquePhone, upload } from '../../test/harness.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'cli.ts');

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

/** Runs `pnpm ops` the way an operator does: a separate process on the same database file as the running server. */
async function ops(args: string[], environment: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, ...environment },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The id column of the last row of the table `pnpm ops verifications` prints. */
async function latestPendingId(): Promise<number> {
  const rows = (await ops(['verifications'])).stdout.split('\n').filter((line) => line.startsWith('│')).map((line) => line.split('│').map((cell) => cell.trim()));
  const idColumn = rows[0]?.indexOf('id') ?? -1;
  const id = Number(rows.at(-1)?.[idColumn]);
  if (!(id > 0)) throw new Error('no verification in review');
  return id;
}

let documentCounter = 0;

async function submittedLv1(): Promise<{ email: string; token: string }> {
  documentCounter += 1;
  const user = await registerUser(server);
  await bindPhone(server, user.token, uniquePhone());
  const front = (await upload(server, user.token, TINY_PNG)).message;
  const submitted = await server.post('/user/real', { real_type: 1, id_type: 2, name: 'Ada Lovelace', card_id: `P${String(Date.now() % 1_000_000).padStart(6, '0')}${documentCounter}`, front_pic: front }, { token: user.token });
  if (submitted.type !== 'ok') throw new Error(JSON.stringify(submitted));
  return user;
}

describe('pnpm ops', () => {
  it('lists its commands', async () => {
    const help = await ops(['--help']);
    for (const command of ['verifications', 'approve', 'reject', 'outbox', 'ledger-check', 'credit', 'audit']) expect(help.stdout).toContain(command);
  });

  it('approves a verification in review and audits who did it, before and after', async () => {
    const user = await submittedLv1();
    const id = await latestPendingId();

    const approved = await ops(['approve', String(id), '--actor', 'alice@ops']);
    expect(approved.stdout).toContain(`approved request ${id}`);
    expect((await server.get<{ level: number }>('/real/state', {}, { token: user.token })).message.level).toBe(1);

    const audit = await ops(['audit', '-n', '1']);
    expect(audit.stdout).toContain('alice@ops');
    expect(audit.stdout).toMatch(/before: .*review/);
    expect(audit.stdout).toMatch(/after: .*verified/);
  });

  it('rejects with the reason the user reads, and refuses a second decision', async () => {
    const user = await submittedLv1();
    const id = await latestPendingId();
    expect((await ops(['reject', String(id), '--reason', 'The picture is blurred'])).code).toBe(0);
    const state = await server.get<{ state: string; reason: string }>('/real/state', {}, { token: user.token, lang: 'en' });
    expect(state.message).toMatchObject({ state: 'failed', reason: 'The picture is blurred' });
    const again = await ops(['approve', String(id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('refused');
  });

  it('reads the outbox, credits demo funds through the ledger and proves the ledger', async () => {
    const user = await registerUser(server);
    expect((await ops(['outbox', '--to', user.email])).stdout).toContain(user.email);
    expect((await ops(['credit', user.email, '250.5', 'USDT'])).stdout).toContain('credited 250.5 USDT');
    const wallet = await server.post<{ available: string }>('/wallet/detail', { currency: 3, type: 'change' }, { token: user.token });
    expect(wallet.message.available).toBe('250.500000');

    const check = await ops(['ledger-check']);
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, violations: [] });
  });

  it('refuses bad operator input with a message and changes nothing', async () => {
    const user = await registerUser(server);
    for (const args of [
      ['credit', user.email, '-5', 'USDT'],
      ['credit', user.email, 'lots', 'USDT'],
      ['credit', user.email, '1.0000001', 'USDT'],
      ['credit', user.email, '10', 'NOPE'],
      ['credit', 'nobody@example.com', '10', 'USDT'],
      ['approve', 'twelve'],
    ]) {
      const result = await ops(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).not.toContain('    at ');
    }
    const wallet = await server.post<{ available: string }>('/wallet/detail', { currency: 3, type: 'change' }, { token: user.token });
    expect(wallet.message.available).toBe('0.000000');
  });

  it('credits nothing in production mode', async () => {
    const refused = await ops(['credit', 'demo@openbourse.test', '10', 'USDT'], { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:2525' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('demo');
  });
});
