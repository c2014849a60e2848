import { PlaySquareOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { worksMessages } from './messages';

export const feature = defineFeature({
  name: 'works',
  routes: [{ path: '/works', page: lazy(() => import('./pages/WorksPage')) }],
  nav: [
    { key: 'works', section: 'video', path: '/works', label: worksMessages.navLabel, icon: <PlaySquareOutlined /> },
  ],
});
