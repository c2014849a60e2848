import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { consoleScreens, features } from './features';
import { PageLoading } from '../components/PageLoading';
import { LeaveGuard } from '../lib/leave-guard';
import { RouteDialogs } from '../lib/route-change';
import { Shell } from './layout/Shell';
import { RouteError } from './RouteError';

const NotFoundPage = lazy(() => import('./NotFoundPage'));

// Console screens stand alone: the console draws its own layout around each.
const screens = [
  ...features.flatMap((f) => f.routes),
  ...consoleScreens.map((s) => ({ path: s.path, page: s.page, layout: 'bare' as const })),
];
const bare = screens.filter((r) => r.layout === 'bare');
const inShell = screens.filter((r) => r.layout !== 'bare');

/** Around every page: the route-bound dialogs and the question before leaving unsent work. */
function Root() {
  return (
    <Suspense fallback={<PageLoading />}>
      <RouteDialogs />
      <LeaveGuard />
      <Outlet />
    </Suspense>
  );
}

/** Every page of the app, for the hash router (App.tsx). */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      ...bare.map(({ path, page: Page }) => ({ path, element: <Page /> })),
      {
        element: <Shell />,
        children: [
          ...inShell.map(({ path, page: Page }) => ({ path, element: <Page /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
