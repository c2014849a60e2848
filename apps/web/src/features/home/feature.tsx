import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { prefetchFirstActorPage } from './api/get-public-actors';

const loadHomePage = () => import('./pages/HomePage');

// A visitor opening the home page gets its actors asked for at once, and the page's code on its way, both
// in parallel with the first render of the shell instead of after it.
if (/^(#\/?(home)?)?([?].*)?$/.test(window.location.hash)) {
  prefetchFirstActorPage();
  loadHomePage().catch(() => undefined);
}

/** Home has no navigation entry: the logo leads there. */
export const feature = defineFeature({
  name: 'home',
  routes: [{ path: '/home', page: lazy(loadHomePage) }],
});
