import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';

/** The chat assistant; reached from its tile in the tool launcher (/store). */
export const feature = defineFeature({
  name: 'chat',
  routes: [{ path: '/store/aiChat', page: lazy(() => import('./pages/ChatPage')) }],
});
