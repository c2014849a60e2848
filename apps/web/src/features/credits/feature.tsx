import { CreditCardOutlined, WalletOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { codesConsoleText } from './console/messages';
import { creditsMessages } from './messages';

/** Credits: the consumption centre and more credits, and the console's redeem codes screen. */
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
  console: [
    {
      path: '/admin/codes',
      label: codesConsoleText.menuCodes,
      icon: <CreditCardOutlined />,
      page: lazy(() => import('./console/CodesPage')),
      rank: 30,
    },
  ],
});
