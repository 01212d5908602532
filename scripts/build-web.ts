/**
 * Builds the H5 app into a new release and makes it the live one
 * (apps/server/src/platform/spa-releases.ts): a running server switches to it
 * at its next request and never serves a half-built app; tabs opened before
 * keep loading their chunks from the kept earlier releases.
 *
 *   pnpm --filter @openbourse/web build      (what `pnpm start` and `pnpm test:browser` run)
 */
import { spawn } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { publishRelease } from '../apps/server/src/platform/spa-releases.ts';

const webDir = resolve(import.meta.dirname, '../apps/web');
const releasesDir = resolve(webDir, 'releases');

function viteBuild(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(resolve(webDir, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], { cwd: webDir, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

publishRelease(releasesDir, viteBuild).then(
  (id) => console.log(`web app release ${id} is live (${relative(process.cwd(), releasesDir)})`),
  (error: unknown) => {
    console.error(`the web app was not published: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
