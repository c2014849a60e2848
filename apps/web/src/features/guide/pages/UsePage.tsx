import { Card, Empty, Skeleton, Typography } from 'antd';
import { HtmlContent } from '../../../components/HtmlContent';
import { useUsageGuide } from '../api/get-usage-guide';
import { guideMessages } from '../messages';

export default function UsePage() {
  const { data, isLoading } = useUsageGuide();
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {data?.title || guideMessages.title}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data?.content ? (
        <HtmlContent className="rich-text" html={data.content} />
      ) : (
        <Empty description={guideMessages.empty} />
      )}
    </Card>
  );
}
