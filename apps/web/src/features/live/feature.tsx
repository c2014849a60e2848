import { InteractionOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { liveConsoleLabels, liveLabels } from './messages';

/**
 * The live digital human: its page (menu entry and launcher tile), the embeddable widget without the app
 * around it, and the console's screen of its rules.
 */
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
  console: [
    {
      path: '/admin/live',
      label: liveConsoleLabels.menu,
      icon: <InteractionOutlined />,
      page: lazy(() => import('./console/LiveConsolePage')),
      rank: 65,
    },
  ],
  tools: [{ key: 'live', group: 'aiMedia', ...liveLabels.tile, icon: <InteractionOutlined />, path: '/live', rank: 9 }],
});
