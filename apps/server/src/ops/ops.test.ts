import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, registerUser, startServer, TINY_PNG, type TestServer, uniquePhone, upload } from '../../test/harness.ts';
import { databaseFile } from '../db/client.ts';

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

  it('refuses to run on a data dir without a database, naming the DATA_DIR, and creates nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'openbourse-no-db-'));
    try {
      for (const args of [['ledger-check'], ['credit', 'demo@openbourse.test', '10', 'USDT']]) {
        const result = await ops(args, { DATA_DIR: empty });
        expect(result.code, args[0]).toBe(1);
        expect(result.stderr).toContain(`DATA_DIR ${empty}`);
        expect(result.stdout).not.toContain('"ok": true');
      }
      expect(existsSync(databaseFile(empty))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('waits for the write lock of a concurrent writer instead of failing with "database is locked"', async () => {
    const user = await registerUser(server);
    // Another writer (as the running server is, for a moment, on every commit) holds the write lock.
    const writer = new Database(databaseFile(server.dataDir));
    writer.pragma('busy_timeout = 5000');
    writer.exec('BEGIN IMMEDIATE');
    writer.prepare("UPDATE users SET signature = 'held' WHERE email = ?").run(user.email);
    try {
      const credit = spawn(process.execPath, ['--import', 'tsx', CLI, 'credit', user.email, '75', 'USDT'], { env: { ...process.env, DATA_DIR: server.dataDir } });
      let stdout = '';
      let stderr = '';
      credit.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const waiting = new Promise<void>((done) =>
        credit.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('waiting for the database write lock')) done();
        }),
      );
      const exited = new Promise<number | null>((done) => credit.once('exit', done));
      await waiting;
      // The writer commits while the command waits: what the command then reads is current, so it goes through.
      writer.exec('COMMIT');
      expect(await exited).toBe(0);
      expect(stdout).toContain('credited 75 USDT');
    } finally {
      if (writer.inTransaction) writer.exec('ROLLBACK');
      writer.close();
    }
    const wallet = await server.post<{ available: string }>('/wallet/detail', { currency: 3, type: 'change' }, { token: user.token });
    expect(wallet.message.available).toBe('75.000000');
  });

  it('credits nothing in production mode', async () => {
    const refused = await ops(['credit', 'demo@openbourse.test', '10', 'USDT'], { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:2525' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('demo');
  });
});
