// By path, not by package name: Vite loads its config with Node, which cannot run the package's TypeScript entry.
import { languageFromBrowser } from '../../../packages/i18n/src/languages.ts';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../src/shared/storage-keys.ts';

/** Routes that show the home page, whose chunk (the `home` group of vite.config.ts) is worth fetching up front. */
const HOME_ROUTES = ['', '/', '/pages/index/index'];

interface PreloadFiles {
  /** Language code → its chunk (the app's texts in that language). */
  languages: Record<string, string>;
  home: string | undefined;
}

/**
 * Runs inline in index.html, before any script has arrived: picks the
 * language the app will start in (stored, else the browser's) and the page it
 * will show, and starts fetching their chunks next to the shell's, instead of
 * after the shell has been downloaded and run (a phone's CPU takes seconds).
 */
function preloadScript(files: PreloadFiles, base: string): string {
  return `(function (pickLanguage, files, base, storageKey, homeRoutes) {
  var stored = null;
  try { stored = localStorage.getItem(storageKey); } catch (error) {}
  var language = files.languages[stored] ? stored : pickLanguage(navigator.languages || [navigator.language]);
  var route = location.hash.replace(/^#/, '').split('?')[0];
  var wanted = [files.languages[language], files.languages.en];
  if (homeRoutes.indexOf(route) >= 0) wanted.push(files.home);
  wanted.forEach(function (file) {
    if (!file) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = base + file;
    document.head.appendChild(link);
  });
})(${languageFromBrowser.toString()}, ${JSON.stringify(files)}, ${JSON.stringify(base)}, ${JSON.stringify(STORAGE_KEYS.lang)}, ${JSON.stringify(HOME_ROUTES)});`;
}

/** Where the script goes in index.html: before the shell's script and stylesheet, so no stylesheet download holds it back. */
const PLACEHOLDER = '<!-- first-page-preload -->';

/** Puts the preload script into the built index.html; the chunk names come from the build itself. */
export function firstPagePreload(): Plugin {
  let base = '/';
  return {
    name: 'openbourse:first-page-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files: PreloadFiles = { languages: {}, home: undefined };
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk') continue;
          const language = /^lang-(\w+)$/.exec(output.name)?.[1];
          if (language) files.languages[language] = output.fileName;
          if (output.name === 'home') files.home = output.fileName;
        }
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} for the preload script`);
        return html.replace(PLACEHOLDER, `<script>${preloadScript(files, base)}</script>`);
      },
    },
  };
}
