import { Flex, Input, Tabs } from 'antd';
import { useState } from 'react';
import { studioMessages } from '@app/contract';
import { useAvatars } from '../../../entities/avatars';
import { AvatarGrid, AvatarsEmpty } from '../components/AvatarGrid';
import { avatarsMessages as m } from '../messages';

type PublicTab = 'public' | 'purchased';

/** Public avatars and, later, avatars bought by the user (coming soon). */
export default function PublicAvatarsPage() {
  const [tab, setTab] = useState<PublicTab>('public');
  const [name, setName] = useState('');
  const avatars = useAvatars({ source: '2', name });
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as PublicTab)}
      tabBarExtraContent={
        tab === 'public' && (
          <Input.Search
            placeholder={m.searchPlaceholder}
            aria-label={m.searchPlaceholder}
            allowClear
            onSearch={(v) => setName(v.trim())}
            style={{ width: 240 }}
          />
        )
      }
      items={[
        {
          key: 'public',
          label: m.publicAvatars,
          children: (
            <AvatarGrid
              avatars={avatars.data?.list}
              loading={avatars.isPending}
              own={false}
              empty={<AvatarsEmpty description={m.empty} />}
            />
          ),
        },
        {
          key: 'purchased',
          label: m.purchasedAvatars,
          children: (
            <Flex justify="center">
              <AvatarsEmpty description={`${studioMessages.comingSoon}，${m.comingSoonHint}`} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
