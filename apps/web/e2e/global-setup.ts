import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { screenshotDir } from './artifacts.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data dir, for tests that run `pnpm ops` against it. */
    dataDir: string;
  }
}

/** Starts the real server (with the built web app) in demo mode on a fresh data dir for the whole browser run. */
export default async function setup(project: TestProject) {
  // Every run leaves exactly its own screenshots, none of a page that no longer exists.
  rmSync(screenshotDir, { recursive: true, force: true });
  // Every browser test signs up from 127.0.0.1: the invite-farm limits would refuse the fourth.
  const server = await startDemoServer({ REGISTRATION_LIMIT_IP_PER_DAY: '0', REGISTRATION_LIMIT_PER_DEVICE: '0' });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
