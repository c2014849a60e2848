import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

/**
 * The operator console (/admin): its own layout, loaded only when opened, so the user-facing first
 * load does not carry it. The server checks the role on every call; the layout only shows the refusal.
 */
export const feature = defineFeature({
  name: 'admin',
  routes: [
    { path: '/admin', page: lazy(() => import('./pages/DashboardPage')), layout: 'bare' },
    { path: '/admin/users', page: lazy(() => import('./pages/UsersPage')), layout: 'bare' },
    { path: '/admin/codes', page: lazy(() => import('./pages/CodesPage')), layout: 'bare' },
    { path: '/admin/site', page: lazy(() => import('./pages/SitePage')), layout: 'bare' },
    { path: '/admin/notices', page: lazy(() => import('./pages/NoticesPage')), layout: 'bare' },
    { path: '/admin/channels', page: lazy(() => import('./pages/ChannelsPage')), layout: 'bare' },
    { path: '/admin/engines', page: lazy(() => import('./pages/EnginesPage')), layout: 'bare' },
    { path: '/admin/jobs', page: lazy(() => import('./pages/JobsPage')), layout: 'bare' },
    { path: '/admin/library', page: lazy(() => import('./pages/LibraryPage')), layout: 'bare' },
    { path: '/admin/curation', page: lazy(() => import('./pages/CurationPage')), layout: 'bare' },
    { path: '/admin/workflows', page: lazy(() => import('./pages/WorkflowsPage')), layout: 'bare' },
    { path: '/admin/audit', page: lazy(() => import('./pages/AuditPage')), layout: 'bare' },
  ],
});
