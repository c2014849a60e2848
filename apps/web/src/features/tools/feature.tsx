import { AppstoreOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { toolsLabels } from './messages';

export const feature = defineFeature({
  name: 'tools',
  routes: [
    { path: '/store', page: lazy(() => import('./pages/StorePage')) },
    { path: '/store/extraction', page: lazy(() => import('./pages/ExtractionPage')) },
    { path: '/store/audioExtraction', page: lazy(() => import('./pages/AudioExtractionPage')) },
  ],
  nav: [{ key: 'store', section: 'other', path: '/store', label: toolsLabels.navLabel, icon: <AppstoreOutlined /> }],
});
