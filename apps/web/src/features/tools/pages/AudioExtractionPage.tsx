import { Card, Flex, Segmented, Spin, Typography } from 'antd';
import { useState } from 'react';
import { analyseMessages, UPLOAD_RULES } from '@app/contract';
import { FileUpload, type UploadCheck } from '../../../components/upload';
import { useExtractAudio } from '../api/analyse';
import { FreeCount } from '../components/FreeCount';
import { LinkForm } from '../components/LinkForm';
import { RecordList } from '../components/RecordList';
import { ToolHeader } from '../../../components/tool-header/ToolHeader';
import { toolsLabels } from '../messages';

/** A local video to take the sound of: mp4/mov under 500 MB (spec 001 §5). */
const LOCAL_VIDEO: UploadCheck = {
  extensions: UPLOAD_RULES.video.extensions,
  maxBytes: UPLOAD_RULES.video.maxBytes,
  wrongType: analyseMessages.localVideoRule,
  tooLarge: analyseMessages.localVideoRule,
};

type Source = 1 | 2;

/** Audio extraction (/store/audioExtraction): from an online link (type 1) or an uploaded video (type 2). */
export default function AudioExtractionPage() {
  const [source, setSource] = useState<Source>(1);
  const extract = useExtractAudio();
  return (
    <Flex vertical gap={16}>
      <ToolHeader title={toolsLabels.audioTitle} intro={toolsLabels.audioIntro} />
      <Card>
        <Flex vertical gap={12}>
          <Segmented<Source>
            value={source}
            onChange={setSource}
            options={[
              { value: 1, label: toolsLabels.fromLink },
              { value: 2, label: toolsLabels.fromUpload },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {source === 1 ? (
            <LinkForm
              action={toolsLabels.extract}
              busy={extract.isPending}
              onSubmit={(link) => extract.mutateAsync({ type: 1, link })}
            />
          ) : (
            <Spin spinning={extract.isPending}>
              <FileUpload
                fileType="video"
                check={LOCAL_VIDEO}
                hint={toolsLabels.uploadHint}
                onUploaded={async (file) => {
                  // A refusal only closes the loading (spec 001 §8); the upload itself stays registered.
                  await extract.mutateAsync({ type: 2, file_id: file.file_id }).catch(() => undefined);
                }}
              />
            </Spin>
          )}
          <FreeCount kind="audio" />
        </Flex>
      </Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {toolsLabels.records}
      </Typography.Title>
      <RecordList kind="audio" />
    </Flex>
  );
}
