import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdDirectImports } from './build/antd-direct-imports.ts';
import { firstPagePreload } from './build/first-page-preload.ts';
import { precompress } from './build/precompress.ts';
import { FIRST_NAMESPACES } from './src/shared/i18n/first-namespaces.ts';

const require = createRequire(import.meta.url);
const localesDir = join(dirname(require.resolve('@openbourse/i18n/package.json')), 'locales');

/** antd-mobile's own locale files, by the app's language code, so each travels with the app's texts of that language. */
const ANTD_LOCALE_LANGUAGE: Record<string, string> = {
  'zh-HK': 'hk',
  'ja-JP': 'jp',
  'ko-KR': 'kor',
  'th-TH': 'th',
  'fr-FR': 'fra',
  'es-ES': 'spa',
  'ms-MY': 'may',
  'vi-VN': 'vi',
};

/**
 * Two chunks per language: `lang-<code>` with antd-mobile's texts and the app's
 * namespaces the first page shows, `lang-<code>-more` with the rest, which a
 * phone then does not wait for before the first price shows.
 */
function languageChunk(id: string): string | null {
  const appTexts = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
  if (appTexts) return FIRST_NAMESPACES.includes(appTexts[2] ?? '') ? `lang-${appTexts[1]}` : `lang-${appTexts[1]}-more`;
  const antdTexts = /antd-mobile[\\/]es[\\/]locales[\\/]([\w-]+)\.js$/.exec(id);
  const language = antdTexts?.[1] ? ANTD_LOCALE_LANGUAGE[antdTexts[1]] : undefined;
  return language ? `lang-${language}` : null;
}

/** What only form pages need (validation, form state, uploads): kept out of the chunk that list and detail pages share. */
const FORM_MODULES = /node_modules[\\/](zod|rc-field-form|async-validator)[\\/]|[\\/]packages[\\/]core[\\/]src[\\/](validation|rules)\.ts$|[\\/]src[\\/]shared[\\/]ui[\\/]form-rules\.ts$/;
const LIBRARIES_AND_SHARED_CODE = /node_modules|[\\/]packages[\\/]|[\\/]src[\\/]shared[\\/]/;

/**
 * A phone pays a round trip for every file, so modules are grouped into a few
 * chunks instead of one per component and helper:
 * - `index` (the entry): everything the entry imports statically, the shell every page needs;
 * - `lang-<code>` and `lang-<code>-more`: per language, the texts the first page shows and the rest;
 * - `home`: the home page (the usual first page) with everything it needs beyond the shell;
 * - `forms` and `pages-common`: libraries and shared code that two or more lazy pages use;
 * - each other page's own code, still lazy.
 */
const codeSplitting = {
  groups: [
    { name: languageChunk, debugName: 'languages', priority: 40, includeDependenciesRecursively: false },
    { name: 'index', tags: ['$initial' as const], priority: 30 },
    { name: 'home', test: /[\\/]src[\\/]features[\\/]home[\\/]HomePage\.tsx$/, priority: 20 },
    { name: 'forms', test: FORM_MODULES, minShareCount: 2, priority: 15 },
    { name: 'pages-common', test: LIBRARIES_AND_SHARED_CODE, minShareCount: 2, priority: 10 },
  ],
};

export default defineConfig({
  base: '/h5/',
  plugins: [antdDirectImports(), react(), firstPagePreload(), precompress()],
  resolve: { alias: { '@locales': localesDir } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // A stylesheet per chunk: the first load carries the shell's and the opening page's styles, not every page's.
    // A stylesheet that fails to load is retried on its own (src/app/stylesheet-retry.ts).
    cssCodeSplit: true,
    rolldownOptions: {
      output: { codeSplitting },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080', '/uploads': 'http://localhost:8080', '/socket.io': { target: 'ws://localhost:8080', ws: true } },
  },
});
