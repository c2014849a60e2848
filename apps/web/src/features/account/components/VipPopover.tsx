import { CrownOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useAccountInfo, vipActive } from '../../../entities/account';
import { accountMenuMessages } from '../messages';

export function VipPopover() {
  const { data } = useAccountInfo();
  const active = vipActive(data);
  const content = active && data ? accountMenuMessages.vipUntil(data.expire_time) : accountMenuMessages.vipInactive;
  return (
    <Popover content={<Typography.Text>{content}</Typography.Text>} placement="bottom">
      <Button
        type="text"
        shape="circle"
        aria-label={accountMenuMessages.vip}
        icon={<CrownOutlined style={{ color: active ? '#faad14' : undefined }} />}
      />
    </Popover>
  );
}
