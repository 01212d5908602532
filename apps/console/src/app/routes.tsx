import { Result, Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { QUEUE_PAGES } from '../queues/registry.ts';
import { type Permission, useCan } from '../shared/session.ts';

const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const UsersPage = lazy(() => import('../features/users/UsersPage.tsx'));
const UserPage = lazy(() => import('../features/users/UserPage.tsx'));
const ContentPage = lazy(() => import('../features/content/ContentPage.tsx'));
const ContentEditorPage = lazy(() => import('../features/content/ContentEditorPage.tsx'));
const AuditPage = lazy(() => import('../features/audit/AuditPage.tsx'));
const LockMiningProductsPage = lazy(() => import('../features/earn/LockMiningProductsPage.tsx'));
const IeoProjectsPage = lazy(() => import('../features/earn/IeoProjectsPage.tsx'));
const DualProductsPage = lazy(() => import('../features/earn/DualProductsPage.tsx'));
const CouponsPage = lazy(() => import('../features/coupons/CouponsPage.tsx'));

/** A page the role may not open says so (the server would refuse its data anyway). */
function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan();
  return can(permission) ? children : <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.description')} />;
}

export function ConsoleRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '120px auto' }} />}>
      <Routes>
        <Route index element={<Allowed permission="dashboard.view"><DashboardPage /></Allowed>} />
        {QUEUE_PAGES.map((queue) => (
          <Route key={queue.key} path={`queues/${queue.key}`} element={<Allowed permission={queue.view}><queue.page /></Allowed>} />
        ))}
        <Route path="users" element={<Allowed permission="users.view"><UsersPage /></Allowed>} />
        <Route path="users/:id" element={<Allowed permission="users.view"><UserPage /></Allowed>} />
        <Route path="content" element={<Allowed permission="content.view"><ContentPage /></Allowed>} />
        <Route path="content/:kind/:key" element={<Allowed permission="content.view"><ContentEditorPage /></Allowed>} />
        <Route path="audit" element={<Allowed permission="audit.view"><AuditPage /></Allowed>} />
        <Route path="earn/lock-mining" element={<Allowed permission="earn.view"><LockMiningProductsPage /></Allowed>} />
        <Route path="earn/ieo" element={<Allowed permission="earn.view"><IeoProjectsPage /></Allowed>} />
        <Route path="earn/dual" element={<Allowed permission="earn.view"><DualProductsPage /></Allowed>} />
        <Route path="coupons" element={<Allowed permission="coupons.view"><CouponsPage /></Allowed>} />
        <Route path="*" element={<Result status="404" title={t('notFound')} />} />
      </Routes>
    </Suspense>
  );
}
