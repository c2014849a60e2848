import { QuestionCircleOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { guideMessages } from './messages';

export const feature = defineFeature({
  name: 'guide',
  routes: [{ path: '/use', page: lazy(() => import('./pages/UsePage')) }],
  nav: [
    {
      key: 'use',
      section: 'other',
      path: '/use',
      label: guideMessages.title,
      icon: <QuestionCircleOutlined />,
    },
  ],
});
