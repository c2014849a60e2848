import { Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { LightTabs } from '../../../components/light-tabs/LightTabs';
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
      <div style={{ flex: 1 }}>
        <LightTabs<HomeTab>
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'actors', label: m.publicActors },
            { key: 'voices', label: m.publicVoices },
          ]}
        >
          {tab === 'actors' ? (
            <PublicActors active />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <PublicVoicesTab active />
            </Suspense>
          )}
        </LightTabs>
      </div>
      <SiteFooter />
    </Flex>
  );
}
