import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Slider, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { MUSIC_VOLUME } from '@app/contract';
import { useMaterials } from '../../entities/materials';
import { FileUpload } from '../upload';
import { useFinishStore, type FinishFile } from './finish-store';
import { musicText as t } from './messages';

/** Plays the chosen track at the chosen level, and stops when it changes or the panel goes. */
function MusicAudition({ track, volume }: { track: FinishFile; volume: number }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const el = new Audio(track.url);
    el.onended = () => setPlaying(false);
    audio.current = el;
    return () => {
      el.pause();
      audio.current = null;
      setPlaying(false);
    };
  }, [track.url]);
  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume, track.url]);
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (playing) {
      el.pause();
      setPlaying(false);
    } else {
      el.volume = volume;
      void el.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };
  return (
    <Button
      size="small"
      icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
      aria-label={t.audition}
      aria-pressed={playing}
      onClick={toggle}
    >
      {t.audition}
    </Button>
  );
}

/** 背景音乐: a track of the user's (library audio or a fresh upload) under the voice, at a chosen level; any video takes it. */
export function MusicPanel({ disabled = false }: { disabled?: boolean }) {
  const { musicOn, music, musicVolume, setMusicOn, setMusic, setMusicVolume } = useFinishStore();
  const active = musicOn && !disabled;
  const library = useMaterials('audio', active);
  const tracks: FinishFile[] = (library.data?.list ?? []).map((m) => ({
    fileId: m.file_id,
    name: m.name,
    url: m.url,
    kind: 'audio' as const,
  }));
  const uploaded = music && !tracks.some((f) => f.fileId === music.fileId) ? [music] : [];
  const all = [...uploaded, ...tracks];
  return (
    <Card
      size="small"
      title={t.title}
      data-testid="music-panel"
      extra={
        <Switch
          aria-label={t.toggle}
          checked={active}
          disabled={disabled}
          onChange={setMusicOn}
          checkedChildren={t.on}
          unCheckedChildren={t.off}
        />
      }
    >
      {active ? (
        <Flex vertical gap={10}>
          <Select
            aria-label={t.pick}
            placeholder={t.placeholder}
            loading={library.isPending}
            value={music?.fileId}
            onChange={(id: number) => setMusic(all.find((f) => f.fileId === id) ?? null)}
            options={[
              ...(uploaded.length
                ? [{ label: t.uploaded, options: uploaded.map((f) => ({ value: f.fileId, label: f.name })) }]
                : []),
              ...tracks.map((f) => ({ value: f.fileId, label: f.name })),
            ]}
            style={{ width: '100%' }}
          />
          <FileUpload
            fileType="voice"
            hint={t.upload}
            onUploaded={(f, original) =>
              setMusic({ fileId: f.file_id, name: original.name, url: f.url, kind: 'audio' })
            }
          />
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" style={{ flex: 'none' }}>
              {t.volume}
            </Typography.Text>
            <Slider
              aria-label={t.volume}
              min={MUSIC_VOLUME.min}
              max={MUSIC_VOLUME.max}
              step={0.05}
              value={musicVolume}
              tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
              onChange={(v: number) => setMusicVolume(v)}
              style={{ flex: 1 }}
            />
            {music && <MusicAudition track={music} volume={musicVolume} />}
          </Flex>
        </Flex>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ margin: active ? '8px 0 0' : 0, fontSize: 12 }}>
        {t.note}
      </Typography.Paragraph>
    </Card>
  );
}
