import { Flex, Tabs } from 'antd';
import { useState } from 'react';
import { HomeBanner } from '../components/HomeBanner';
import { PublicActors } from '../components/PublicActors';
import { PublicVoicesTab } from '../components/PublicVoicesTab';
import { SiteFooter } from '../components/SiteFooter';
import { homeMessages as m } from '../messages';

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
          { key: 'voices', label: m.publicVoices, children: <PublicVoicesTab active={tab === 'voices'} /> },
        ]}
        style={{ flex: 1 }}
      />
      <SiteFooter />
    </Flex>
  );
}
