import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { voiceMessages, type Voice, type VoiceChannel } from '@app/contract';
import { FileUpload } from '../../../components/upload';
import { useSaveVoice } from '../api/voice-mutations';
import { cloneRecordingCheck } from '../lib/recording-check';
import { cloneMessages } from '../messages';
import { useThrottled } from '../use-throttled';

interface CreateVoiceDialogProps {
  open: boolean;
  /** The channel chosen for a new voice. */
  channel: VoiceChannel | null;
  /** The voice to re-train instead. */
  voice?: Voice | null;
  uploadTips?: string;
  onClose: () => void;
}

/** Last step: a name and one recording; or, for a voice of yours, a new recording to re-train it. */
export function CreateVoiceDialog({ open, channel, voice, uploadTips, onClose }: CreateVoiceDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [fileId, setFileId] = useState<number | null>(null);
  const save = useSaveVoice();
  const tips = uploadTips || channel?.upload_tips || voiceMessages.defaultUploadTips;

  const submit = useThrottled(() => {
    void (async () => {
      const { name } = await form.validateFields();
      if (!fileId) return void message.error(voiceMessages.audioRequired);
      await save.mutateAsync(
        voice
          ? { id: voice.id, name: name.trim(), file_id: fileId }
          : { name: name.trim(), file_id: fileId, api: channel?.api, voice_channel_name: channel?.name },
      );
      setFileId(null);
      onClose();
    })().catch(() => undefined);
  });

  return (
    <Modal
      title={voice ? cloneMessages.retrainTitle : cloneMessages.createTitle}
      open={open}
      okText={cloneMessages.submit}
      cancelText={cloneMessages.cancel}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: voice?.name ?? '' }}>
        <Form.Item
          label={cloneMessages.name}
          name="name"
          rules={[{ required: true, whitespace: true, message: voiceMessages.nameRequired }]}
        >
          <Input placeholder={cloneMessages.namePlaceholder} maxLength={64} disabled={voice?.type === 11} />
        </Form.Item>
        <Form.Item label={cloneMessages.audio} required>
          <FileUpload
            fileType="voice"
            check={cloneRecordingCheck}
            hint={cloneMessages.formats}
            onUploaded={(file) => setFileId(file.file_id)}
          />
        </Form.Item>
        <Alert type="info" showIcon message={cloneMessages.duration(tips)} />
      </Form>
    </Modal>
  );
}
