import { CommentOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { chatLabels } from './messages';

/** The chat assistant; reached from its tile in the tool launcher (/store). */
export const feature = defineFeature({
  name: 'chat',
  routes: [{ path: '/store/aiChat', page: lazy(() => import('./pages/ChatPage')) }],
  tools: [
    { key: 'aiChat', group: 'copy', ...chatLabels.tile, icon: <CommentOutlined />, path: '/store/aiChat', rank: 3 },
  ],
});
