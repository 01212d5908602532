import { useEffect } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { registerNavigator } from '../shared/navigation.ts';
import { AuthGuard } from './auth-guard.tsx';
import { LazyPage } from './lazy-page.tsx';
import { PAGE_ROUTES, type PageRoute } from './routes.ts';
import { BottomTabBar } from './tab-bar.tsx';

function RoutedPage({ route }: { route: PageRoute }) {
  const page = <LazyPage key={route.path} load={route.load} address={route.path} />;
  const guarded = route.auth ? <AuthGuard>{page}</AuthGuard> : page;
  if (!route.tab) return <main className="page">{guarded}</main>;
  return (
    <>
      <main className="page page--tabbed">{guarded}</main>
      <BottomTabBar active={route.tab} />
    </>
  );
}

/** Lets code outside React (the request layer's 999/998 redirects) move between routes. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path, options) => void navigate(path, options)), [navigate]);
  return null;
}

/** A route by its path, and by its path in lower case without a trailing slash (react-router's matching is that lenient too). */
const ROUTE_BY_PATH = new Map(PAGE_ROUTES.map((route) => [route.path, route]));
const lenientPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
const ROUTE_BY_LENIENT_PATH = new Map(PAGE_ROUTES.map((route) => [lenientPath(route.path), route]));

/**
 * The route shown at a path. Every route is a fixed path (spec 2: detail
 * pages take query values, not path parameters), so the page is a lookup:
 * react-router's ranking and pattern compiling over a hundred routes on each
 * render cost a slow phone's first render more than a tenth. Unknown
 * addresses go home (CurrentPage).
 */
export function routeFor(pathname: string): PageRoute | undefined {
  return ROUTE_BY_PATH.get(pathname) ?? ROUTE_BY_LENIENT_PATH.get(lenientPath(pathname));
}

function CurrentPage() {
  const route = routeFor(useLocation().pathname);
  return route ? <RoutedPage route={route} /> : <Navigate to="/" replace />;
}

/**
 * Hash routing (spec 2) in declarative mode: the app loads pages itself
 * (lazy-page.tsx), so the data router's loaders and actions would only add
 * weight to the first load.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <CurrentPage />
    </HashRouter>
  );
}
