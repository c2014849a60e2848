import { PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { photosText } from './messages';

/** The pet library and the person-image library; their creation pages are the studio's. */
export const feature = defineFeature({
  name: 'photos',
  routes: [
    { path: '/pet', page: lazy(() => import('./pages/PetPage')) },
    { path: '/store/imageSpeak', page: lazy(() => import('./pages/ImageSpeakPage')) },
  ],
  nav: [
    { key: 'pet', section: 'video', path: '/pet', label: photosText.petNav, icon: <SmileOutlined /> },
    {
      key: 'imageSpeak',
      section: 'video',
      path: '/store/imageSpeak',
      label: photosText.personNav,
      icon: <PictureOutlined />,
    },
  ],
  tools: [
    {
      key: 'imageSpeak',
      group: 'aiMedia',
      ...photosText.tile,
      icon: <SmileOutlined />,
      path: '/store/imageSpeak',
      rank: 4,
    },
  ],
});
