import {
  CustomerServiceOutlined,
  EditOutlined,
  FileSearchOutlined,
  FireOutlined,
  RobotOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { viralText as t } from './messages';

const analysis = lazy(() => import('./pages/VideoAnalysisPage'));
const comingSoon = lazy(() => import('./pages/ComingSoonPage'));

/** Viral content: 爆款复刻 and its tabs, 文案创作 and its trace, 一键爆款视频, and the screens still to come. */
export const feature = defineFeature({
  name: 'viral',
  routes: [
    { path: '/explosiveAnalysis', page: analysis },
    { path: '/explosiveAnalysis/video', page: analysis },
    { path: '/explosiveAnalysis/project', page: lazy(() => import('./pages/ProjectsPage')) },
    { path: '/explosiveAnalysis/user', page: lazy(() => import('./pages/AccountPage')) },
    { path: '/explosiveAnalysis/character', page: lazy(() => import('./pages/CharacterPage')) },
    { path: '/copywrite/index', page: lazy(() => import('./pages/CopywritePage')) },
    { path: '/store/copywrite/trace', page: lazy(() => import('./pages/TracePage')) },
    { path: '/cozeVideo', page: lazy(() => import('./pages/CozeVideoPage')) },
    { path: '/cozeVideo/editVideo', page: lazy(() => import('./pages/EditVideoPage')) },
    { path: '/cozeVideo/history', page: lazy(() => import('./pages/HistoryPage')) },
    ...[
      '/employee',
      '/talking',
      '/helper/index',
      '/helper/operation',
      '/helper/asyncOperation',
      '/music',
      '/store/music/index',
    ].map((path) => ({ path, page: comingSoon })),
  ],
  nav: [
    {
      key: 'helper',
      section: 'features',
      path: '/helper/index',
      label: t.navHelper,
      icon: <CustomerServiceOutlined />,
      hosts: 'helper-only',
      comingSoon: true,
    },
    {
      key: 'explosiveAnalysis',
      section: 'features',
      path: '/explosiveAnalysis',
      label: t.navAnalysis,
      icon: <FireOutlined />,
      tool: 'explosiveAnalysis',
    },
    {
      key: 'employee',
      section: 'features',
      path: '/employee',
      label: t.navEmployee,
      icon: <RobotOutlined />,
      hosts: 'not-helper',
      comingSoon: true,
    },
    {
      key: 'cozeVideo',
      section: 'features',
      path: '/cozeVideo',
      label: t.navCoze,
      icon: <ThunderboltOutlined />,
      tool: 'cozeVideo',
    },
  ],
  tools: [
    {
      key: 'copywrite',
      group: 'copy',
      ...t.tiles.copywrite,
      icon: <EditOutlined />,
      path: '/copywrite/index',
      rank: 1,
    },
    {
      key: 'copyTrace',
      group: 'copy',
      ...t.tiles.copyTrace,
      icon: <FileSearchOutlined />,
      path: '/store/copywrite/trace',
      rank: 2,
    },
    // Still to come: the tile shows 敬请期待 and leads nowhere.
    { key: 'music', group: 'audio', ...t.tiles.music, icon: <CustomerServiceOutlined />, path: null, rank: 2 },
  ],
});
