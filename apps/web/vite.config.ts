import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
const localesDir = join(dirname(require.resolve('@openbourse/i18n/package.json')), 'locales');

export default defineConfig({
  base: '/h5/',
  plugins: [react()],
  resolve: { alias: { '@locales': localesDir } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080', '/uploads': 'http://localhost:8080', '/socket.io': { target: 'ws://localhost:8080', ws: true } },
  },
});
