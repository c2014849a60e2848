import { WalletOutlined } from '@ant-design/icons';
import { Button, Flex, Popover } from 'antd';
import { Rule, Text } from '../../../components/text/Text';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HtmlContent } from '../../../components/HtmlContent';
import { useAccountInfo, useOpenRedeem } from '../../../entities/account';
import { useAppStore } from '../../../stores/app-store';
import { useCreditsRule } from '../api/get-credits-rule';
import { creditsMessages } from '../messages';

/** Balance in the top bar; hovering shows the credit rules with 积分明细 and 兑换. */
export function CreditsPopover() {
  useAccountInfo();
  const points = useAppStore((s) => s.points);
  const [open, setOpen] = useState(false);
  const rule = useCreditsRule(open);
  const navigate = useNavigate();
  const openRedeem = useOpenRedeem();

  const content = (
    <div style={{ width: 280 }}>
      <Text strong>{creditsMessages.creditRules}</Text>
      <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 8 }}>
        {rule.data?.content ? (
          <HtmlContent className="rich-text" html={rule.data.content} />
        ) : (
          <Text type="secondary">{creditsMessages.noRules}</Text>
        )}
      </div>
      <Rule margin={12} />
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() => {
            setOpen(false);
            void navigate('/moreCredits');
          }}
        >
          {creditsMessages.creditDetails}
        </Button>
        <Button
          type="primary"
          onClick={() => {
            setOpen(false);
            openRedeem();
          }}
        >
          {creditsMessages.redeem}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover content={content} open={open} onOpenChange={setOpen} placement="bottom">
      <Button type="text" icon={<WalletOutlined />}>
        {points} {creditsMessages.credits}
      </Button>
    </Popover>
  );
}
