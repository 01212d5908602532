import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The operator console: a desktop app of its own, served by the server under /console/ and never part of the H5 bundle. */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    target: 'es2022',
    // antd is one large vendor chunk; the console is a desktop tool on a fast link.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080' },
  },
});
