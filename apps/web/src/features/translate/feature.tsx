import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

export const feature = defineFeature({
  name: 'translate',
  routes: [{ path: '/store/sea', page: lazy(() => import('./pages/TranslatePage')) }],
});
