import { AppstoreAddOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { multiplesText } from './messages';

export const feature = defineFeature({
  name: 'multiples',
  routes: [{ path: '/multiples', page: lazy(() => import('./pages/MultiplesPage')) }],
  nav: [
    {
      key: 'multiples',
      section: 'features',
      path: '/multiples',
      label: multiplesText.navLabel,
      icon: <AppstoreAddOutlined />,
    },
  ],
});
