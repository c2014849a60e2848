import { UserSwitchOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { avatarsMessages } from './messages';

export const feature = defineFeature({
  name: 'avatars',
  routes: [
    { path: '/profile', page: lazy(() => import('./pages/ProfilePage')) },
    { path: '/gProfile', page: lazy(() => import('./pages/PublicAvatarsPage')) },
  ],
  nav: [
    {
      key: 'profile',
      section: 'features',
      path: '/profile',
      label: avatarsMessages.navLabel,
      icon: <UserSwitchOutlined />,
    },
  ],
});
