import { VideoCameraAddOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { studioText } from './messages';

export const feature = defineFeature({
  name: 'studio',
  routes: [{ path: '/create', page: lazy(() => import('./pages/CreatePage')) }],
  nav: [
    {
      key: 'create',
      section: 'features',
      path: '/create',
      label: studioText.navLabel,
      icon: <VideoCameraAddOutlined />,
    },
  ],
});
