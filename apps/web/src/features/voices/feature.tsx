import { AudioOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { cloneMessages } from './messages';

export const feature = defineFeature({
  name: 'voices',
  routes: [{ path: '/clone', page: lazy(() => import('./pages/ClonePage')) }],
  nav: [{ key: 'clone', section: 'features', path: '/clone', label: cloneMessages.navLabel, icon: <AudioOutlined /> }],
});
