/** Local storage keys of the session and preferences; index.html's inline preload reads the language too (build/first-page-preload.ts). */
export const STORAGE_KEYS = {
  token: 'ob.token',
  user: 'ob.user',
  lang: 'ob.lang',
  fiat: 'ob.fiat',
  fiatList: 'ob.fiatList',
  webVersion: 'ob.webVersion',
  /** A visitor's support-chat device token, until they log in and the chat joins their account. */
  supportVisitor: 'ob.supportVisitor',
} as const;
