import { AppstoreAddOutlined, CopyOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../../lib/feedback';
import { handOverScenes, handOverText } from '../../../lib/handover';
import { useSaveMaterial } from '../api/viral';
import { viralText as t } from '../messages';

/** What a generated script leads to: the studio, the multi-scene composer (one scene per part), the text library. */
export function ScriptActions({ text, parts, name }: { text: string; parts?: string[]; name?: string }) {
  const navigate = useNavigate();
  const save = useSaveMaterial();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      feedback.success(t.copied);
    } catch {
      feedback.error(t.copyFailed);
    }
  };
  const scenes = parts?.length ? parts : text.split(/\n+/).filter((l) => l.trim());
  return (
    <Flex gap={8} wrap>
      <Button
        type="primary"
        icon={<EditOutlined />}
        disabled={!text}
        onClick={() => {
          handOverText(text);
          void navigate('/create?type=fk');
        }}
      >
        {t.toStudio}
      </Button>
      <Button
        icon={<AppstoreAddOutlined />}
        disabled={!text}
        onClick={() => {
          handOverScenes(scenes);
          void navigate('/multiples');
        }}
      >
        {t.toScenes}
      </Button>
      <Button
        icon={<SaveOutlined />}
        disabled={!text}
        loading={save.isPending}
        onClick={() => void save.mutateAsync({ text, name }).catch(() => undefined)}
      >
        {t.saveMaterial}
      </Button>
      <Button icon={<CopyOutlined />} disabled={!text} onClick={() => void copy()}>
        {t.copy}
      </Button>
    </Flex>
  );
}
