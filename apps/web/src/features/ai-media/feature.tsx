import { FileImageOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { aiMediaLabels as l } from './messages';

/** AI pictures and videos, reached from their tiles in the tool launcher (/store). */
export const feature = defineFeature({
  name: 'ai-media',
  routes: [
    { path: '/store/wsImage', page: lazy(() => import('./pages/TextImagePage')) },
    { path: '/store/wsVideo', page: lazy(() => import('./pages/TextVideoPage')) },
    { path: '/store/tsVideo', page: lazy(() => import('./pages/ImageVideoPage')) },
  ],
  tools: [
    {
      key: 'wsImage',
      group: 'aiMedia',
      ...l.tiles.wsImage,
      icon: <PictureOutlined />,
      path: '/store/wsImage',
      rank: 1,
    },
    {
      key: 'wsVideo',
      group: 'aiMedia',
      ...l.tiles.wsVideo,
      icon: <VideoCameraOutlined />,
      path: '/store/wsVideo',
      rank: 2,
    },
    {
      key: 'tsVideo',
      group: 'aiMedia',
      ...l.tiles.tsVideo,
      icon: <FileImageOutlined />,
      path: '/store/tsVideo',
      rank: 3,
    },
  ],
});
