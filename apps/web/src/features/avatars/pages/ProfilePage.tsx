import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useThrottled } from '../../../lib/rate-limit';
import { useAvatars } from '../../../entities/avatars';
import { AvatarGrid, AvatarsEmpty, CLICK_THROTTLE_MS } from '../components/AvatarGrid';
import { CommitmentDialog } from '../components/CommitmentDialog';
import { ReplicateDialog } from '../components/ReplicateDialog';
import { avatarsMessages as m } from '../messages';

/** My avatars: search, count, grid, and the commitment → replicate flow to clone a new one. */
export default function ProfilePage() {
  const [name, setName] = useState('');
  const [step, setStep] = useState<'none' | 'commitment' | 'replicate'>('none');
  const avatars = useAvatars({ source: '1', name });
  const add = useThrottled(() => setStep('commitment'), CLICK_THROTTLE_MS);
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={add}>
      {m.addAvatar}
    </Button>
  );
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {m.myAvatars}
          </Typography.Title>
          <Typography.Text type="secondary">{m.count(avatars.data?.total ?? 0)}</Typography.Text>
        </Flex>
        <Flex gap={12} style={{ flex: '1 1 auto', justifyContent: 'flex-end', minWidth: 0 }}>
          <Input.Search
            placeholder={m.searchPlaceholder}
            aria-label={m.searchPlaceholder}
            allowClear
            onSearch={(v) => setName(v.trim())}
            style={{ flex: '0 1 240px', minWidth: 0 }}
          />
          {addButton}
        </Flex>
      </Flex>
      <AvatarGrid
        avatars={avatars.data?.list}
        loading={avatars.isPending}
        own
        empty={<AvatarsEmpty description={m.empty} action={addButton} />}
      />
      <CommitmentDialog
        open={step === 'commitment'}
        onAgree={() => setStep('replicate')}
        onCancel={() => setStep('none')}
      />
      <ReplicateDialog open={step === 'replicate'} onClose={() => setStep('none')} />
    </Flex>
  );
}
