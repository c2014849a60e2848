import { CrownOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { Text } from '../../../components/text/Text';
import { useAccountInfo, vipActive } from '../../../entities/account';
import { accountMenuMessages } from '../messages';

export function VipPopover() {
  const { data } = useAccountInfo();
  const active = vipActive(data);
  const content = active && data ? accountMenuMessages.vipUntil(data.expire_time) : accountMenuMessages.vipInactive;
  return (
    <Popover content={<Text>{content}</Text>} placement="bottom">
      <Button
        type="text"
        shape="circle"
        aria-label={accountMenuMessages.vip}
        icon={<CrownOutlined style={{ color: active ? '#faad14' : undefined }} />}
      />
    </Popover>
  );
}
