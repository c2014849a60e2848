import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { prefetchFirstActorPage } from './api/get-public-actors';

// A visitor opening the home page gets its actors asked for at once, in parallel with the page's own code.
if (/^(#\/?(home)?)?([?].*)?$/.test(window.location.hash)) prefetchFirstActorPage();

/** Home has no navigation entry: the logo leads there. */
export const feature = defineFeature({
  name: 'home',
  routes: [{ path: '/home', page: lazy(() => import('./pages/HomePage')) }],
});
