import { defineFeature } from '../../lib/feature';

/** Notices open from the top bar; there is no notice page. */
export const feature = defineFeature({ name: 'notices', routes: [] });
