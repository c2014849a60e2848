import { TableOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { batchText } from './messages';

/** Batch videos from a spreadsheet, next to the studio in the navigation. */
export const feature = defineFeature({
  name: 'batch',
  routes: [{ path: '/batch', page: lazy(() => import('./pages/BatchPage')) }],
  nav: [
    {
      key: 'batch',
      section: 'features',
      path: '/batch',
      label: batchText.navLabel,
      icon: <TableOutlined />,
    },
  ],
});
