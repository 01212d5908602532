// By path, not by package name: Vite loads its config with Node, which cannot run the package's TypeScript entry.
import { languageFromBrowser } from '../../../packages/i18n/src/languages.ts';
import type { Plugin } from 'vite';
import { EARLY_RESPONSES, HOME_EARLY_REQUESTS } from '../src/shared/api/early-requests.ts';
import { STORAGE_KEYS } from '../src/shared/storage-keys.ts';

/** Routes that show the home page, whose chunk (the `home` group of vite.config.ts) is worth fetching up front. */
const HOME_ROUTES = ['', '/', '/pages/index/index'];

interface PreloadFiles {
  /** Language code → its chunk (the app's texts in that language). */
  languages: Record<string, string>;
  home: string | undefined;
  /** The home chunk's own stylesheets. */
  homeStyles: string[];
}

/**
 * Runs inline in index.html, before any script has arrived: picks the
 * language the app will start in (stored, else the browser's) and the page it
 * will show, and starts fetching their chunks next to the shell's, and for
 * the home page its stylesheet and its first requests too, instead of after
 * the shell has been downloaded and run (a phone's CPU takes seconds).
 */
function preloadScript(files: PreloadFiles, base: string): string {
  return `(function (pickLanguage, files, base, keys, homeRoutes, earlyRequests, earlyResponses) {
  var stored = null;
  var token = null;
  try {
    stored = localStorage.getItem(keys.lang);
    token = localStorage.getItem(keys.token);
  } catch (error) {}
  var language = files.languages[stored] ? stored : pickLanguage(navigator.languages || [navigator.language]);
  var route = location.hash.replace(/^#/, '').split('?')[0];
  var wanted = [files.languages[language]];
  var home = homeRoutes.indexOf(route) >= 0;
  if (home) wanted.push(files.home);
  // The home page's requests, answered while its code downloads (src/shared/api/early-requests.ts), keyed as the request layer keys them.
  function sendEarly() {
    if (!window.fetch || !window.URLSearchParams) return;
    var pending = (window[earlyResponses] = {});
    earlyRequests.forEach(function (request) {
      var form = new URLSearchParams(request.params);
      form.append('lang', language);
      var url = '/api' + request.path + (request.method === 'GET' ? '?' + form : '');
      var post = request.method === 'POST';
      var headers = token ? { Authorization: token } : {};
      // The form itself as the body, so it goes out form-encoded as the request layer sends it.
      var response = fetch(url, { method: request.method, headers: headers, body: post ? form : undefined });
      response.catch(function () {});
      pending[[request.method, url, post ? String(form) : '', token || ''].join(' ')] = response;
    });
  }
  function add(rel, file) {
    if (!file) return;
    var link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = base + file;
    document.head.appendChild(link);
  }
  wanted.forEach(function (file) { add('modulepreload', file); });
  // Vite's preload helper finds these links when the page loads and does not fetch them again.
  if (!home) return;
  files.homeStyles.forEach(function (file) { add('stylesheet', file); });
  sendEarly();
})(${languageFromBrowser.toString()}, ${JSON.stringify(files)}, ${JSON.stringify(base)}, ${JSON.stringify({ lang: STORAGE_KEYS.lang, token: STORAGE_KEYS.token })}, ${JSON.stringify(HOME_ROUTES)}, ${JSON.stringify(HOME_EARLY_REQUESTS)}, ${JSON.stringify(EARLY_RESPONSES)});`;
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
        const files: PreloadFiles = { languages: {}, home: undefined, homeStyles: [] };
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk') continue;
          const language = /^lang-(\w+)$/.exec(output.name)?.[1];
          if (language) files.languages[language] = output.fileName;
          if (output.name !== 'home') continue;
          files.home = output.fileName;
          files.homeStyles = [...(output.viteMetadata?.importedCss ?? [])];
        }
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} for the preload script`);
        return html.replace(PLACEHOLDER, `<script>${preloadScript(files, base)}</script>`);
      },
    },
  };
}
