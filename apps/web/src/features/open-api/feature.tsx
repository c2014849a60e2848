import { ApiOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { openApiText } from './messages';

/** The open API: the account's keys page, and the console's screen of keys and switches. */
export const feature = defineFeature({
  name: 'open-api',
  routes: [{ path: '/developer', page: lazy(() => import('./pages/DeveloperPage')) }],
  nav: [
    {
      key: 'developer',
      section: 'other',
      path: '/developer',
      label: openApiText.pageTitle,
      icon: <ApiOutlined />,
    },
  ],
  console: [
    {
      path: '/admin/open-api',
      label: openApiText.consoleMenu,
      icon: <ApiOutlined />,
      page: lazy(() => import('./console/OpenApiConsolePage')),
      rank: 35,
    },
  ],
});
