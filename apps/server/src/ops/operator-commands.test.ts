import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../../test/console.ts';
import { startServer, type TestServer } from '../../test/harness.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'cli.ts');

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

async function ops(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: server.dataDir } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pnpm ops operator', () => {
  it('adds an operator with a one-time setup link the console accepts, lists and disables them', async () => {
    const added = await ops(['operator', 'add', 'Ada@Ops.Example.com', '--role', 'reviewer', '--url', server.base, '--actor', 'root@ops']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('added operator ada@ops.example.com (reviewer)');
    const token = /#\/setup\?token=([\w-]+)/.exec(added.stdout)?.[1] as string;
    expect(added.stdout).toContain(`${server.base}/console/#/setup?token=${token}`);

    const begun = await consoleClient(server).post<{ email: string; role: string }>('/auth/setup/begin', { token });
    expect(begun.message).toMatchObject({ email: 'ada@ops.example.com', role: 'reviewer' });
    expect((await ops(['operator', 'list'])).stdout).toMatch(/ada@ops\.example\.com.*reviewer.*setup pending/);

    const again = await ops(['operator', 'add', 'ada@ops.example.com', '--role', 'admin']);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('This email already belongs to an operator') });
    expect((await ops(['operator', 'add', 'someone@ops.example.com', '--role', 'owner'])).code).not.toBe(0);

    expect((await ops(['operator', 'disable', 'ada@ops.example.com'])).stdout).toContain('disabled operator ada@ops.example.com');
    expect((await consoleClient(server).post('/auth/setup/begin', { token })).type).toBe('error');
    const audit = server.built.ctx.sqlite.prepare("SELECT actor, action FROM audit_log WHERE target_type = 'operator' ORDER BY id").all();
    expect(audit).toEqual([
      { actor: 'root@ops', action: 'operator.add' },
      { actor: expect.stringMatching(/@ops$/), action: 'operator.disable' },
    ]);
  });
});
