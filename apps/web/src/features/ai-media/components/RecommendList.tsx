import { SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import type { RecommendedPrompt } from '@app/contract';
import { aiMediaLabels } from '../messages';

/** Random recommendations with 换一换; picking one fills the description. */
export function RecommendList({
  list,
  onPick,
  onRefresh,
}: {
  list: RecommendedPrompt[];
  onPick: (p: RecommendedPrompt) => void;
  onRefresh: () => void;
}) {
  return (
    <Flex gap={6} wrap align="center">
      <Typography.Text type="secondary">{aiMediaLabels.recommend}：</Typography.Text>
      {list.map((p) => (
        <Tag key={p.id} role="button" title={p.content} style={{ cursor: 'pointer' }} onClick={() => onPick(p)}>
          {p.title}
        </Tag>
      ))}
      <Button size="small" type="link" icon={<SyncOutlined />} onClick={onRefresh}>
        {aiMediaLabels.refresh}
      </Button>
    </Flex>
  );
}
