import { describe, expect, it } from 'vitest';
import { emptyComposition, fromDraft, toDraft } from './draft';
import { newScene } from './scenes';
import { multiplesText as t } from '../messages';

const avatar = { id: 7, name: '小雅', cover: '/c.png', duration: 12, hs: 2, screen: '' };
const voice = { id: 3, name: '晓晓', api: 'edge', version_name: '1.0', voice_channel_name: '通道' };

describe('the composer draft', () => {
  it('is empty while there is nothing a user would lose', () => {
    expect(toDraft(emptyComposition())).toBe('');
    expect(toDraft({ ...emptyComposition(), driveMode: 'random' })).toBe('');
  });

  it('comes back with the name, every scene and the options, the scenes numbered afresh', () => {
    const first = { ...newScene('text'), text: '第一段', avatar, voice, rate: 1.2 };
    const second = { ...newScene('audio', first), audio: { fileId: 9, name: 'a.mp3', url: '/a.mp3', duration: 4 } };
    const composition = {
      name: '新品发布',
      scenes: [first, { ...second, uploads: [second.audio] }],
      driveMode: 'random' as const,
      outputMode: 'video' as const,
      channel: 'v3',
    };
    const back = fromDraft(toDraft(composition));
    expect(back).toMatchObject({ name: '新品发布', driveMode: 'random', outputMode: 'video', channel: 'v3' });
    expect(back.scenes.map(({ key: _key, ...s }) => s)).toEqual(composition.scenes.map(({ key: _key, ...s }) => s));
    expect(new Set(back.scenes.map((s) => s.key)).size).toBe(2);
    expect(back.scenes.map((s) => s.key)).not.toContain(first.key);
  });

  it('gives the empty composer for nothing or for what it cannot read', () => {
    for (const raw of ['', '{', '[]', '{"scenes":[]}', '{"scenes":"x"}']) {
      const back = fromDraft(raw);
      expect(back).toMatchObject({ name: t.defaultWorkName, driveMode: 'serial', outputMode: 'video' });
      expect(back.scenes).toHaveLength(1);
    }
    const odd = fromDraft('{"scenes":[{"type":"x","text":5,"avatar":{"name":"无编号"},"rate":"fast"}]}');
    expect(odd.scenes[0]).toMatchObject({ type: 'text', text: '', avatar: null, rate: 1 });
  });
});
