import { defineFeature } from '../../lib/feature';

/** The account menu lives in the top bar; the pages of this feature are login (auth) and credits. */
export const feature = defineFeature({ name: 'account', routes: [] });
