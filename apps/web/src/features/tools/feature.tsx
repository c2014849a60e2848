import { AppstoreOutlined, PlaySquareOutlined, SoundOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { toolsLabels } from './messages';

/** The tool launcher (/store), which shows the tiles every feature brings, and the extraction tools. */
export const feature = defineFeature({
  name: 'tools',
  routes: [
    { path: '/store', page: lazy(() => import('./pages/StorePage')) },
    { path: '/store/extraction', page: lazy(() => import('./pages/ExtractionPage')) },
    { path: '/store/audioExtraction', page: lazy(() => import('./pages/AudioExtractionPage')) },
  ],
  nav: [{ key: 'store', section: 'other', path: '/store', label: toolsLabels.navLabel, icon: <AppstoreOutlined /> }],
  tools: [
    {
      key: 'extraction',
      group: 'extract',
      ...toolsLabels.tiles.extraction,
      icon: <PlaySquareOutlined />,
      path: '/store/extraction',
      rank: 1,
    },
    {
      key: 'audioExtraction',
      group: 'extract',
      ...toolsLabels.tiles.audioExtraction,
      icon: <SoundOutlined />,
      path: '/store/audioExtraction',
      rank: 2,
    },
  ],
});
