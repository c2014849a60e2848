import { Card, Flex } from 'antd';
import { LiveHeader } from '../components/LiveHeader';
import { QaLibrary } from '../components/QaLibrary';
import { liveLabels as t } from '../messages';

/** The live digital human (/live): for now its Q&A library, the source of its answers. */
export default function LivePage() {
  return (
    <Flex vertical gap={16}>
      <LiveHeader />
      <Card title={t.libraryTitle}>
        <QaLibrary />
      </Card>
    </Flex>
  );
}
