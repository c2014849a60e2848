import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import { aiMediaMessages, AI_MEDIA_RULES, UPLOAD_RULES } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { registerUpload, uploadToStorage } from '../../../components/upload/upload-api';
import { aiMediaLabels } from '../messages';

interface PicturePickerProps {
  label: string;
  /** The picture's URL (an upload or a sample), or '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** What a file over 10 MB is told. */
  tooLarge: string;
}

/** One picture: png/jpg/jpeg of at most 10 MB, uploaded to storage and registered; the server checks its size. */
export function PicturePicker({ label, value, onChange, tooLarge }: PicturePickerProps) {
  const [busy, setBusy] = useState(false);
  const { token } = theme.useToken();
  const pick = async (file: File) => {
    const ext = (file.name.split('.').pop() ?? '').toLowerCase();
    if (!UPLOAD_RULES.image.extensions.includes(ext)) return feedback.error(aiMediaMessages.imageFormat);
    if (file.size > AI_MEDIA_RULES.imageMaxBytes) return feedback.error(tooLarge);
    setBusy(true);
    try {
      const url = await uploadToStorage('image', file, () => undefined);
      const registered = await registerUpload('image', url, file);
      onChange(registered.url);
    } catch (e) {
      feedback.error(e instanceof Error && /[\u4e00-\u9fff]/.test(e.message) ? e.message : '上传失败，请重新上传');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={6}>
      <Typography.Text>{label}</Typography.Text>
      {value ? (
        <Flex gap={8} align="flex-end">
          <Image
            src={value}
            alt={label}
            width={120}
            height={120}
            style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`${aiMediaLabels.removePicture} ${label}`}
            onClick={() => onChange('')}
          >
            {aiMediaLabels.removePicture}
          </Button>
        </Flex>
      ) : (
        <Upload
          accept={UPLOAD_RULES.image.accept}
          showUploadList={false}
          listType="picture-card"
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <button
            type="button"
            aria-label={`${aiMediaLabels.uploadPicture} ${label}`}
            style={{ border: 0, background: 'none', color: 'inherit' }}
          >
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 4 }}>{aiMediaLabels.uploadPicture}</div>
          </button>
        </Upload>
      )}
    </Flex>
  );
}
