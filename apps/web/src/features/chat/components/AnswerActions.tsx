import { CopyOutlined, EditOutlined, PauseCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../../lib/feedback';
import { HANDOVER_TEXT_KEY } from '../../../lib/handover';
import { useSaveTextMaterial } from '../api/chat';
import { chatLabels as t } from '../messages';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    feedback.success(t.copied);
  } catch {
    feedback.error(t.copyFailed);
  }
}

/** Under each answer: copy, stop (while it streams), go-create (the studio gets the text), save to materials. */
export function AnswerActions({ text, streaming, onStop }: { text: string; streaming: boolean; onStop: () => void }) {
  const navigate = useNavigate();
  const save = useSaveTextMaterial();
  const goCreate = () => {
    try {
      sessionStorage.setItem(HANDOVER_TEXT_KEY, text);
    } catch {
      /* private mode: the studio opens empty */
    }
    void navigate('/create?type=fk');
  };
  return (
    <Flex gap={4} wrap>
      <Button size="small" type="text" icon={<CopyOutlined />} disabled={!text} onClick={() => void copyText(text)}>
        {t.copy}
      </Button>
      {streaming ? (
        <Button size="small" type="text" danger icon={<PauseCircleOutlined />} onClick={onStop}>
          {t.stop}
        </Button>
      ) : null}
      <Button size="small" type="text" icon={<EditOutlined />} disabled={!text || streaming} onClick={goCreate}>
        {t.goCreate}
      </Button>
      <Button
        size="small"
        type="text"
        icon={<SaveOutlined />}
        disabled={!text || streaming}
        loading={save.isPending}
        onClick={() => void save.mutateAsync(text).catch(() => undefined)}
      >
        {t.saveMaterial}
      </Button>
    </Flex>
  );
}
