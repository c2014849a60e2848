import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Radio, Typography } from 'antd';
import { FileUpload } from '../../../components/upload';
import { addUpload, removeUpload, SCENE_UPLOADS_MAX, type Scene } from '../lib/scenes';
import { multiplesText as t } from '../messages';

export interface SceneUploadsProps {
  scene: Scene;
  onChange: (next: Partial<Scene>) => void;
  /** The scene's name, for the accessible names of its recordings. */
  label: string;
}

/**
 * An audio scene's side uploader: the shared upload (MP3/M4A/WAV, 5 s – 30 min, one file at a time)
 * beside the list of up to three recordings; the chosen one drives the scene.
 */
export function SceneUploads({ scene, onChange, label }: SceneUploadsProps) {
  const full = scene.uploads.length >= SCENE_UPLOADS_MAX;
  return (
    <Flex gap={12} wrap>
      <div style={{ flex: '1 1 220px', minWidth: 220 }}>
        {full ? (
          <Typography.Text type="secondary">{t.uploadsFull(SCENE_UPLOADS_MAX)}</Typography.Text>
        ) : (
          <FileUpload
            // A fresh uploader after each recording: the finished one is listed beside it, not twice.
            key={scene.uploads.length}
            fileType="voice"
            hint={t.audioHint(SCENE_UPLOADS_MAX)}
            onUploaded={(file, original) => {
              const next = addUpload(scene, {
                fileId: file.file_id,
                url: file.url,
                name: original.name,
                duration: file.duration ?? 0,
              });
              if (next) onChange(next);
            }}
          />
        )}
      </div>
      {scene.uploads.length > 0 && (
        <Radio.Group
          aria-label={`${label}${t.recordings}`}
          value={scene.audio?.fileId}
          onChange={(e) => onChange({ audio: scene.uploads.find((u) => u.fileId === e.target.value) ?? null })}
          style={{ flex: '1 1 260px', minWidth: 260 }}
        >
          <Flex vertical gap={8}>
            {scene.uploads.map((u) => (
              <Flex key={u.fileId} vertical gap={2}>
                <Flex align="center" justify="space-between" gap={4}>
                  <Radio value={u.fileId}>
                    <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                      {t.audioChosen(u.name, u.duration)}
                    </Typography.Text>
                  </Radio>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t.removeRecording(u.name)}
                    onClick={() => onChange(removeUpload(scene, u.fileId))}
                  />
                </Flex>
                <audio src={u.url} controls aria-label={u.name} style={{ width: '100%', height: 32 }} />
              </Flex>
            ))}
          </Flex>
        </Radio.Group>
      )}
    </Flex>
  );
}
