import { FolderOpenOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { materialsLabels } from './messages';

export const feature = defineFeature({
  name: 'materials',
  routes: [{ path: '/material/index', page: lazy(() => import('./pages/MaterialsPage')) }],
  nav: [
    {
      key: 'material',
      section: 'video',
      path: '/material/index',
      label: materialsLabels.title,
      icon: <FolderOpenOutlined />,
    },
  ],
});
