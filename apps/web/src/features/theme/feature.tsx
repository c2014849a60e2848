import { defineFeature } from '../../lib/feature';

/** Theme has no page of its own; the shell uses its switch and provider. */
export const feature = defineFeature({ name: 'theme', routes: [] });
