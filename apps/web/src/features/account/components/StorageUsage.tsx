import { App, Button, Flex, Progress, Typography } from 'antd';
import { accountMessages, STORAGE_EXPANSION } from '@app/contract';
import { useExpandStorage } from '../api/expand-storage';
import { useStorageSpace } from '../../../entities/account';
import { accountMenuMessages } from '../messages';

/** Used MB of total GB, and expansion for registered users (confirm first; refused at the cap). */
export function StorageUsage({ active, guest }: { active: boolean; guest: boolean }) {
  const { data } = useStorageSpace(active);
  const expand = useExpandStorage();
  const { modal, message } = App.useApp();
  const used = data?.used ?? 0;
  const percent = data && data.total > 0 ? Math.min(100, Math.round((used / data.total) * 1000) / 10) : 0;

  const askExpand = () => {
    if (data?.can_expand === 0) {
      void message.warning(accountMessages.atStorageLimit);
      return;
    }
    modal.confirm({
      title: accountMessages.expandConfirmTitle,
      content: accountMessages.expandConfirm(STORAGE_EXPANSION.credits, STORAGE_EXPANSION.gb),
      onOk: () => expand.mutateAsync().catch(() => undefined),
      onCancel: () => void message.info(accountMessages.expandCancelled),
    });
  };

  return (
    <div>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{accountMenuMessages.storage}</Typography.Text>
        {!guest && (
          <Button type="link" size="small" onClick={askExpand} style={{ paddingInline: 0 }}>
            {accountMenuMessages.expand}
          </Button>
        )}
      </Flex>
      <Progress percent={percent} showInfo={false} size="small" />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`${used.toFixed(2)}MB / ${data?.total_format ?? 0}GB`}
      </Typography.Text>
    </div>
  );
}
