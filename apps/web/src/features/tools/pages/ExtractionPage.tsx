import { Card, Flex, Typography } from 'antd';
import { useParseVideo } from '../api/analyse';
import { FreeCount } from '../components/FreeCount';
import { LinkForm } from '../components/LinkForm';
import { RecordList } from '../components/RecordList';
import { ToolHeader } from '../../../components/tool-header/ToolHeader';
import { toolsLabels } from '../messages';

/** Video extraction (/store/extraction): paste a share link, parse, and the records with their results. */
export default function ExtractionPage() {
  const parse = useParseVideo();
  return (
    <Flex vertical gap={16}>
      <ToolHeader title={toolsLabels.extractionTitle} intro={toolsLabels.extractionIntro} />
      <Card>
        <Flex vertical gap={12}>
          <LinkForm action={toolsLabels.parse} busy={parse.isPending} onSubmit={(text) => parse.mutateAsync(text)} />
          <FreeCount kind="video" />
        </Flex>
      </Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {toolsLabels.records}
      </Typography.Title>
      <RecordList kind="video" />
    </Flex>
  );
}
