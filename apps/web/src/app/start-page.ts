import { prefetchHomePage } from '../features/home/api.ts';
import { prefetchSiteConfig } from '../shared/api/queries.ts';
import { startLoadingPageCode } from './lazy-page.tsx';
import { PAGE_ROUTES } from './routes.ts';

/** Pages whose first requests can go out before their code has even loaded, by route. */
const PREFETCH: Record<string, () => void> = {
  '/': prefetchHomePage,
  '/pages/index/index': prefetchHomePage,
};

/**
 * The page the app opens on starts loading at once, code and data, while the
 * app's texts load: on a phone each of these waits would otherwise come one
 * after the other. Unknown addresses show the home page (router.tsx).
 */
export function startLoadingPage(hashPath: string): void {
  const route = PAGE_ROUTES.find((candidate) => candidate.path === hashPath) ?? PAGE_ROUTES[0];
  if (!route) return;
  startLoadingPageCode(route.load);
  PREFETCH[route.path]?.();
  // Every page shows the site's name and prices in the user's fiat: asked for with the page's own requests.
  prefetchSiteConfig();
}
