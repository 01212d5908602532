import { useEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
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

/**
 * Hash routing (spec 2) in declarative mode: the app loads pages itself
 * (lazy-page.tsx), so the data router's loaders and actions would only add
 * weight to the first load.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <Routes>
        {PAGE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutedPage route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </HashRouter>
  );
}
