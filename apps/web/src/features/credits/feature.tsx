import { WalletOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { creditsMessages } from './messages';

export const feature = defineFeature({
  name: 'credits',
  routes: [
    { path: '/consum', page: lazy(() => import('./pages/ConsumPage')) },
    {
      path: '/moreCredits',
      page: lazy(() => import('./pages/MoreCreditsPage')),
    },
  ],
  nav: [
    {
      key: 'consum',
      section: 'other',
      path: '/consum',
      label: creditsMessages.consumTitle,
      icon: <WalletOutlined />,
    },
  ],
});
