/** Local storage keys of the session and preferences; index.html's inline preload reads the language too (build/first-page-preload.ts). */
export const STORAGE_KEYS = {
  token: 'ob.token',
  user: 'ob.user',
  lang: 'ob.lang',
  fiat: 'ob.fiat',
  fiatList: 'ob.fiatList',
  webVersion: 'ob.webVersion',
} as const;
