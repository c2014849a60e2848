import { Flex, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { HomeBanner } from '../components/HomeBanner';
import { PublicActors } from '../components/PublicActors';
import { SiteFooter } from '../components/SiteFooter';
import { homeMessages as m } from '../messages';

// The voices tab is code-split: the first view shows the actors, and the voice list brings the voice picker's code.
const PublicVoicesTab = lazy(() =>
  import('../components/PublicVoicesTab').then((mod) => ({ default: mod.PublicVoicesTab })),
);

type HomeTab = 'actors' | 'voices';

export default function HomePage() {
  const [tab, setTab] = useState<HomeTab>('actors');
  return (
    <Flex vertical gap={24} style={{ minHeight: '100%' }}>
      <HomeBanner />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as HomeTab)}
        destroyOnHidden
        items={[
          { key: 'actors', label: m.publicActors, children: <PublicActors active={tab === 'actors'} /> },
          {
            key: 'voices',
            label: m.publicVoices,
            children: (
              <Suspense fallback={<PageLoading />}>
                <PublicVoicesTab active={tab === 'voices'} />
              </Suspense>
            ),
          },
        ]}
        style={{ flex: 1 }}
      />
      <SiteFooter />
    </Flex>
  );
}
