import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ToolUnavailableNotice } from '../../../components/tool-state/ToolUnavailable';
import { liveLabels as t } from '../messages';

/** The page's title and intro, its actions on the right, and (before any click) why it cannot work here. */
export function LiveHeader({ actions }: { actions?: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t.title}
          </Typography.Title>
          <Typography.Text type="secondary">{t.intro}</Typography.Text>
        </Flex>
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      </Flex>
      <ToolUnavailableNotice tool="live" />
    </Flex>
  );
}
