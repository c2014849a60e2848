import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

/** Home has no navigation entry: the logo leads there. */
export const feature = defineFeature({
  name: 'home',
  routes: [{ path: '/home', page: lazy(() => import('./pages/HomePage')) }],
});
