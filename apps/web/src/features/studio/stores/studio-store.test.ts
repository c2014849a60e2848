import { beforeEach, describe, expect, it } from 'vitest';
import { studioMessages, type MaterialItem, type Voice } from '@app/contract';
import { useStudioStore } from './studio-store';

const voice = (id: number): Voice => ({
  id,
  name: `v${id}`,
  api: 'local',
  voice_channel_name: '',
  version_name: '',
  generate_status: 2,
  fail_reason: '',
  remained_times: 0,
  rate: 1.2,
  volume: 1,
  pitch: 0.9,
  url: '',
  source: 1,
  type: 0,
  is_confirmed: 1,
  create_time: '',
});
const speech = { fileId: 1, name: 'a', url: 'u', duration: 3 };

beforeEach(() => useStudioStore.getState().reset());

describe('studio state', () => {
  it('names an unnamed work 未命名', () => {
    expect(useStudioStore.getState().workName).toBe(studioMessages.defaultWorkName);
    useStudioStore.getState().setWorkName('  ');
    expect(useStudioStore.getState().workName).toBe(studioMessages.defaultWorkName);
  });

  it('drops the synthesized speech when the text changes', () => {
    const s = useStudioStore.getState();
    s.setText('你好');
    s.setSynthesized(speech);
    useStudioStore.getState().setText('你好');
    expect(useStudioStore.getState().synthesized).toEqual(speech);
    useStudioStore.getState().setText('你好呀');
    expect(useStudioStore.getState().synthesized).toBeNull();
  });

  it('drops the synthesized speech when the voice changes and takes the voice settings', () => {
    const s = useStudioStore.getState();
    s.setSynthesized(speech);
    s.chooseVoice(voice(2));
    const after = useStudioStore.getState();
    expect(after.synthesized).toBeNull();
    expect(after.speech).toMatchObject({ rate: 1.2, pitch: 0.9 });
  });

  it('keeps the script but drops speech and upload after a failed create', () => {
    const s = useStudioStore.getState();
    s.setText('台词');
    s.setSynthesized(speech);
    s.setAudio(speech);
    s.clearAfterFailure();
    expect(useStudioStore.getState()).toMatchObject({ text: '台词', synthesized: null, audio: null });
  });
});

describe('material library choices', () => {
  const item = (id: number, type: 'audio' | 'video', fileId: number): MaterialItem => ({
    id,
    file_id: fileId,
    name: `m${id}`,
    type,
    source: 'upload',
    url: `https://x/${id}`,
    cover: '',
    download_url: '',
    size: 1,
    duration: 12.5,
    width: type === 'video' ? 1080 : 0,
    height: type === 'video' ? 1920 : 0,
    create_time: '',
  });

  it('a material audio drives the work in audio mode by its file id', () => {
    useStudioStore.getState().chooseMaterialAudio(item(4, 'audio', 40));
    expect(useStudioStore.getState()).toMatchObject({
      mode: 2,
      voiceTab: '2',
      audio: { fileId: 40, name: 'm4', duration: 12.5 },
    });
  });

  it('a material video becomes the avatar, sent by its file id', () => {
    useStudioStore.getState().chooseMaterialVideo(item(5, 'video', 50));
    expect(useStudioStore.getState()).toMatchObject({
      avatarTab: '3',
      avatar: { id: 50, kind: 'material', hs: 2, duration: 12.5 },
    });
  });
});
