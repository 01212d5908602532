/** Features whose pages are not built yet; each route shows the shared "coming soon" page naming it. */
export const COMING_SOON: Record<string, string> = {
  '/pages/setting/areas': 'regions',
  '/pages/otc/otc': 'otc',
  '/pages/game/game': 'game',
};
