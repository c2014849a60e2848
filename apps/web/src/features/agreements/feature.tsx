import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

export const feature = defineFeature({
  name: 'agreements',
  routes: [
    {
      path: '/protocol',
      page: lazy(() => import('./pages/ProtocolPage')),
      layout: 'bare',
    },
  ],
});
