import { Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { FileUpload, UPLOAD_CHECKS } from '../../../components/upload';
import type { PhotoType } from '../../../entities/photos';
import { useThrottled } from '../../../lib/rate-limit';
import { useSavePhoto } from '../api/photo-mutations';
import { libraryText, photosText as t } from '../messages';

/** Spec 001 §5: the photo is .png or .jpg (at most 10 MB; the server also wants 300 px on the shorter side). */
const PHOTO_CHECK = { ...UPLOAD_CHECKS.image, extensions: ['png', 'jpg'] };

interface UploadForm {
  name: string;
  fileId: number;
}

interface PhotoUploadDialogProps {
  type: PhotoType;
  open: boolean;
  onClose: () => void;
  /** After the picture joined the library. */
  onSaved?: (id: number) => void;
}

/**
 * Name and picture (.png or .jpg) of a new pet or person image, with the usage-rules agreement ticked by
 * default (not enforced, as the spec says) and the rules dialog behind its link.
 */
export function PhotoUploadDialog({ type, open, onClose, onSaved }: PhotoUploadDialogProps) {
  const [form] = Form.useForm<UploadForm>();
  const [agreed, setAgreed] = useState(true);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [preview, setPreview] = useState('');
  const save = useSavePhoto();
  const l = libraryText(type);
  // Only a submission is throttled: a click that found a field missing must not swallow the next one.
  const submit = useThrottled(({ name, fileId }: UploadForm) => {
    void save
      .mutateAsync({ name: name.trim(), fileId, type })
      .then(({ id }) => {
        onClose();
        onSaved?.(id);
      })
      .catch(() => undefined);
  }, 1000);
  const ok = () => void form.validateFields().then(submit, () => undefined);
  return (
    <>
      <Modal
        title={l.uploadButton}
        open={open}
        okText={t.ok}
        cancelText={t.cancel}
        confirmLoading={save.isPending}
        onOk={ok}
        onCancel={onClose}
        afterClose={() => setPreview('')}
        destroyOnHidden
        width={520}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t.nameLabel}
            rules={[{ required: true, whitespace: true, message: l.nameRequired }]}
          >
            <Input placeholder={l.namePlaceholder} maxLength={64} allowClear />
          </Form.Item>
          <Form.Item name="fileId" label={l.imageLabel} rules={[{ required: true, message: l.imageRequired }]}>
            <ImageField
              onPreview={setPreview}
              hint={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t.imageHint}
                </Typography.Text>
              }
            />
          </Form.Item>
          {preview && (
            <Flex justify="center" style={{ marginBottom: 12 }}>
              <img src={preview} alt={l.imageLabel} style={{ maxHeight: 160, maxWidth: '100%', borderRadius: 8 }} />
            </Flex>
          )}
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
            {t.agree}
          </Checkbox>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setRulesOpen(true)}>
            {t.rulesLink}
          </Button>
        </Form>
      </Modal>
      <Modal
        title={t.rulesTitle}
        open={rulesOpen}
        onCancel={() => setRulesOpen(false)}
        footer={
          <Button type="primary" onClick={() => setRulesOpen(false)}>
            {t.rulesOk}
          </Button>
        }
      >
        <ol style={{ paddingInlineStart: 20, margin: 0 }}>
          {t.rules.map((line) => (
            <li key={line} style={{ marginBottom: 6 }}>
              {line}
            </li>
          ))}
        </ol>
      </Modal>
    </>
  );
}

/** The picture of the form: the shared upload with the image rules, holding the registered file's id. */
function ImageField({
  onChange,
  onPreview,
  hint,
}: {
  value?: number;
  onChange?: (fileId: number | undefined) => void;
  onPreview: (url: string) => void;
  hint: ReactNode;
}) {
  return (
    <FileUpload
      fileType="image"
      check={PHOTO_CHECK}
      hint={hint}
      onUploaded={(file) => {
        onPreview(file.url);
        onChange?.(file.file_id);
      }}
    />
  );
}
