import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { usersConsoleText } from './console/messages';

/**
 * The account menu lives in the top bar; the pages of this feature are login (auth) and credits. It
 * brings the console's Users screen (accounts, with their credits and VIP).
 */
export const feature = defineFeature({
  name: 'account',
  routes: [],
  console: [
    {
      path: '/admin/users',
      label: usersConsoleText.menuUsers,
      icon: <TeamOutlined />,
      page: lazy(() => import('./console/UsersPage')),
      rank: 20,
    },
  ],
});
