/**
 * A real OpenBourse server for benchmarks and browser tests:
 * apps/server/src/main.ts on a fresh temporary DATA_DIR and a free port, in
 * demo mode (demo user, dev outbox), stopped and wiped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

const STARTUP_TIMEOUT_MS = 120_000;
/** Only the end of the server's output is kept, to explain a failed start without holding a long log in memory. */
const KEPT_OUTPUT_CHARS = 16_000;

export interface DemoServer {
  url: string;
  dataDir: string;
  /** CPU seconds (user + system, all threads) the server has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times; 100 on every mainstream kernel build. */
const CLOCK_TICKS_PER_SECOND = 100;

export function processCpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces, so fields are counted after its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/getSiteConfig`)).ok) return;
    } catch {
      // Not listening yet: the first start back-fills market history before it listens.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Starts the server with extra environment (e.g. MARKET_TICK_MS) and node flags (e.g. --cpu-prof), and waits until its API answers. */
export async function startDemoServer(environment: Record<string, string> = {}, nodeArgs: string[] = []): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openbourse-demo-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...environment };
  // Demo mode is what seeds the demo user; an inherited NODE_ENV=production would refuse to start without SMTP.
  delete env.NODE_ENV;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the benchmark dies, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, cpuSeconds: () => processCpuSeconds(child.pid as number), stop };
}

