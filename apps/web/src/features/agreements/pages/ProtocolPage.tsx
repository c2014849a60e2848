import { Card, Flex, Skeleton, Typography } from 'antd';
import { agreementTitles, agreementType } from '@app/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HtmlContent } from '../../../components/HtmlContent';
import { useAgreement } from '../api/get-agreement';

/** /protocol?type=user|privacy|clone, opened in its own tab from the agreement links. */
export default function ProtocolPage() {
  const [search] = useSearchParams();
  const parsed = agreementType.safeParse(search.get('type'));
  const type = parsed.success ? parsed.data : 'user';
  const { data, isLoading } = useAgreement(type);
  const title = data?.title || agreementTitles[type];
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Flex justify="center" style={{ padding: 24, minHeight: '100vh', boxSizing: 'border-box' }}>
      <Card style={{ width: 880, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <HtmlContent className="rich-text" html={data?.content ?? ''} />
        )}
      </Card>
    </Flex>
  );
}
