import { TranslationOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { translateLabels } from './messages';

/** Video translation, reached from its tile in the tool launcher (/store). */
export const feature = defineFeature({
  name: 'translate',
  routes: [{ path: '/store/sea', page: lazy(() => import('./pages/TranslatePage')) }],
  tools: [
    { key: 'sea', group: 'audio', ...translateLabels.tile, icon: <TranslationOutlined />, path: '/store/sea', rank: 1 },
  ],
});
