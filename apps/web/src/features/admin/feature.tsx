import {
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BulbOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  GlobalOutlined,
  NotificationOutlined,
  PictureOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { adminText as t } from './messages';

/**
 * The operator console (/admin): its own layout, loaded only when opened, so the user-facing first
 * load does not carry it. The server checks the role on every call; the layout only shows the refusal.
 * Its screens are the console's own, ranked in tens; another feature adds its section through its own
 * `console` (the Users screen comes with the account feature, rank 20, the redeem codes with credits, 30).
 */
export const feature = defineFeature({
  name: 'admin',
  routes: [],
  console: [
    {
      path: '/admin',
      label: t.menuDashboard,
      icon: <DashboardOutlined />,
      page: lazy(() => import('./pages/DashboardPage')),
      rank: 10,
    },
    {
      path: '/admin/site',
      label: t.menuSite,
      icon: <GlobalOutlined />,
      page: lazy(() => import('./pages/SitePage')),
      rank: 40,
    },
    {
      path: '/admin/notices',
      label: t.menuNotices,
      icon: <NotificationOutlined />,
      page: lazy(() => import('./pages/NoticesPage')),
      rank: 50,
    },
    {
      path: '/admin/channels',
      label: t.menuChannels,
      icon: <ApiOutlined />,
      page: lazy(() => import('./pages/ChannelsPage')),
      rank: 60,
    },
    {
      path: '/admin/engines',
      label: t.menuEngines,
      icon: <CloudServerOutlined />,
      page: lazy(() => import('./pages/EnginesPage')),
      rank: 70,
      adminOnly: true,
    },
    {
      path: '/admin/library',
      label: t.menuLibrary,
      icon: <PictureOutlined />,
      page: lazy(() => import('./pages/LibraryPage')),
      rank: 80,
    },
    {
      path: '/admin/curation',
      label: t.menuCuration,
      icon: <BulbOutlined />,
      page: lazy(() => import('./pages/CurationPage')),
      rank: 90,
    },
    {
      path: '/admin/workflows',
      label: t.menuWorkflows,
      icon: <ApartmentOutlined />,
      page: lazy(() => import('./pages/WorkflowsPage')),
      rank: 100,
    },
    {
      path: '/admin/jobs',
      label: t.menuJobs,
      icon: <ScheduleOutlined />,
      page: lazy(() => import('./pages/JobsPage')),
      rank: 110,
    },
    {
      path: '/admin/audit',
      label: t.menuAudit,
      icon: <AuditOutlined />,
      page: lazy(() => import('./pages/AuditPage')),
      rank: 120,
    },
  ],
});
