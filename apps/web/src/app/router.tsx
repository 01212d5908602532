import { createHashRouter, Navigate, Outlet } from 'react-router-dom';
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

export const router = createHashRouter([
  {
    element: <Outlet />,
    children: [...PAGE_ROUTES.map((route) => ({ path: route.path, element: <RoutedPage route={route} /> })), { path: '*', element: <Navigate to="/" replace /> }],
  },
]);

registerNavigator((path, options) => void router.navigate(path, options));
