import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

/** AI pictures and videos, reached from the tool launcher (/store). */
export const feature = defineFeature({
  name: 'ai-media',
  routes: [
    { path: '/store/wsImage', page: lazy(() => import('./pages/TextImagePage')) },
    { path: '/store/wsVideo', page: lazy(() => import('./pages/TextVideoPage')) },
    { path: '/store/tsVideo', page: lazy(() => import('./pages/ImageVideoPage')) },
  ],
});
