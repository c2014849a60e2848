import { GiftOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useAnalyseFree, type AnalyseKind } from '../api/analyse';
import { toolsLabels } from '../messages';

/** The day's free extractions left, and what one costs after them. */
export function FreeCount({ kind }: { kind: AnalyseKind }) {
  const { data } = useAnalyseFree(kind);
  if (!data) return null;
  return (
    <Flex gap={8} align="center" wrap>
      <GiftOutlined />
      <Typography.Text strong>{toolsLabels.freeLeft(data.free_times, data.free_per_day)}</Typography.Text>
      <Typography.Text type="secondary">{toolsLabels.price(data.credits)}</Typography.Text>
    </Flex>
  );
}
