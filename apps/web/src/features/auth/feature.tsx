import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

export const feature = defineFeature({
  name: 'auth',
  routes: [
    {
      path: '/login',
      page: lazy(() => import('./pages/LoginPage')),
      layout: 'bare',
    },
  ],
});
