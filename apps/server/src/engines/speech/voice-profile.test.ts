import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpeechError } from './errors.js';
import { createLocalSpeech } from './local.js';
import { parseLocalVoiceRef } from './local-voice.js';
import { speechMessages } from './messages.js';
import { decodeSample } from './voice-profile.js';
import { measureVoice } from './voice-analysis.js';
import { fixtureDir, mostlySilentSample, spokenSample } from './testing/audio-fixtures.js';

const speech = createLocalSpeech();

describe('local voice cloning (approximation)', () => {
  it('tells a low male sample from a female one and keeps the difference in the profile', async () => {
    const male = await speech.cloneVoice({ sampleFile: await spokenSample('m3', 14), name: '男' });
    const female = await speech.cloneVoice({ sampleFile: await spokenSample('f2', 14), name: '女' });
    expect(male.profile?.gender).toBe('male');
    expect(female.profile?.gender).toBe('female');
    expect(female.profile!.medianF0).toBeGreaterThan(male.profile!.medianF0 * 1.4);
    expect(male.profile?.variant).toMatch(/^m/);
    expect(female.profile?.variant).toMatch(/^f/);
    expect(parseLocalVoiceRef(male.voiceRef)).toMatchObject({ variant: male.profile?.variant });
    // Mandarin at espeak-ng's default pace is about 4 syllables a second.
    expect(male.profile!.syllablesPerSecond).toBeGreaterThan(2.5);
    expect(male.profile!.syllablesPerSecond).toBeLessThan(6);
  });

  it('speaks with the cloned profile: the female clone sounds higher', async () => {
    const female = await speech.cloneVoice({ sampleFile: await spokenSample('f2', 14), name: '女' });
    const out = await speech.synthesize({ text: '今天天气很好，我们一起去公园散步，看看花，听听鸟叫。', voice: { voiceRef: female.voiceRef }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'clone-f.wav') });
    const low = await speech.synthesize({ text: '今天天气很好，我们一起去公园散步，看看花，听听鸟叫。', voice: { voiceRef: 'local:m3:50:175' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'clone-m.wav') });
    const f0 = async (file: string) => measureVoice(await decodeSample(file), 8000).medianF0;
    expect(await f0(out.file)).toBeGreaterThan((await f0(low.file)) * 1.4);
  });

  it('rejects a sample with under 10 s of speech, even when the file is long', async () => {
    const err = await speech.cloneVoice({ sampleFile: await mostlySilentSample(), name: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).message).toBe(speechMessages.sampleTooShort);
  });

  it('rejects a file that is not audio', async () => {
    const err = await speech.cloneVoice({ sampleFile: join(fixtureDir, 'missing.wav'), name: 'x' }).catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('sample_unreadable');
  });
});
