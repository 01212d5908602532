/** Features whose pages are not built yet; each route shows the shared "coming soon" page naming it. */
export const COMING_SOON: Record<string, string> = {
  '/pages/setting/areas': 'regions',
  '/pages/copytrade/copy': 'copyTrading',
  '/pages/copytrade/my': 'copyTrading',
  '/pages/copytrade/trader': 'copyTrading',
  '/pages/follow/index': 'copyTrading',
  '/pages/follow/trader': 'copyTrading',
  '/pages/follow/follow': 'copyTrading',
  '/pages/follow/agreement_zh': 'copyTrading',
  '/pages/follow/agreement_en': 'copyTrading',
  '/pages/otc/otc': 'otc',
  '/pages/game/game': 'game',
};
