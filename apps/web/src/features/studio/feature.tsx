import { VideoCameraAddOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineFeature } from '../../lib/feature';
import { studioText } from './messages';

export const feature = defineFeature({
  name: 'studio',
  routes: [
    { path: '/create', page: lazy(() => import('./pages/CreatePage')) },
    // Videos made from one picture use the studio's pieces: pet videos and photo-speak.
    { path: '/pet/establish', page: lazy(() => import('./pages/PetCreatePage')) },
    { path: '/establishPet', page: lazy(() => import('./pages/EstablishPetRedirect')) },
    { path: '/store/characters', page: lazy(() => import('./pages/CharactersPage')) },
  ],
  nav: [
    {
      key: 'create',
      section: 'features',
      path: '/create',
      label: studioText.navLabel,
      icon: <VideoCameraAddOutlined />,
    },
  ],
});
