/** Local storage keys of the session and preferences; index.html's inline preload reads the language too (build/first-page-preload.ts). */
export const STORAGE_KEYS = {
  token: 'ob.token',
  user: 'ob.user',
  lang: 'ob.lang',
  fiat: 'ob.fiat',
  fiatList: 'ob.fiatList',
  webVersion: 'ob.webVersion',
  /** This install's device id (shared/device-id.ts), kept for good; the key keeps its first name, the support chat's visitor token, so phones keep their id. */
  deviceId: 'ob.supportVisitor',
  /** Set while this device has a visitor's support chat that has not yet joined an account. */
  supportVisitorChat: 'ob.supportVisitorChat',
} as const;
