import { InteractionOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { liveLabels } from './messages';

/** The live digital human: its page (menu entry and launcher tile), and the embeddable widget without the app around it. */
export const feature = defineFeature({
  name: 'live',
  routes: [
    { path: '/live', page: lazy(() => import('./pages/LivePage')) },
    { path: '/embed/live/:key', page: lazy(() => import('./pages/EmbedLivePage')), layout: 'bare' },
  ],
  nav: [
    {
      key: 'live',
      section: 'features',
      path: '/live',
      label: liveLabels.navLabel,
      icon: <InteractionOutlined />,
      tool: 'live',
    },
  ],
  tools: [{ key: 'live', group: 'aiMedia', ...liveLabels.tile, icon: <InteractionOutlined />, path: '/live', rank: 9 }],
});
