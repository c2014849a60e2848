import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';
import { AudioUploadField } from './AudioUploadField';

/** Audio mode: the 5 s – 30 min note, a drag-and-drop upload, then the player with re-upload. */
export function AudioInput() {
  const audio = useStudioStore((s) => s.audio);
  const setAudio = useStudioStore((s) => s.setAudio);
  const [replacing, setReplacing] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={t.audioNote} />
      {audio && !replacing ? (
        <Card size="small">
          <Flex vertical gap={8}>
            <Typography.Text ellipsis>{audio.name}</Typography.Text>
            <audio src={audio.url} controls aria-label={audio.name} style={{ width: '100%' }} />
            <Button icon={<ReloadOutlined />} onClick={() => setReplacing(true)} style={{ alignSelf: 'flex-start' }}>
              {t.reupload}
            </Button>
          </Flex>
        </Card>
      ) : (
        <AudioUploadField
          onUploaded={(file) => {
            setAudio(file);
            setReplacing(false);
          }}
        />
      )}
    </Flex>
  );
}
