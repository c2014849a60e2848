import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { consoleScreens, features } from './features';
import { PageLoading } from '../components/PageLoading';
import { RouteDialogs } from '../lib/route-change';
import { Shell } from './layout/Shell';

const NotFoundPage = lazy(() => import('./NotFoundPage'));

// Console screens stand alone: the console draws its own layout around each.
const routes = [
  ...features.flatMap((f) => f.routes),
  ...consoleScreens.map((s) => ({ path: s.path, page: s.page, layout: 'bare' as const })),
];
const bare = routes.filter((r) => r.layout === 'bare');
const inShell = routes.filter((r) => r.layout !== 'bare');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <RouteDialogs />
      <Routes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        {bare.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route element={<Shell />}>
          {inShell.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
