import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function mediaTempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'e2e-media-'));
}

/** A test-pattern video (`source` is an ffmpeg lavfi source with its size) with a sine tone: H.264 + AAC in MP4. */
function testPatternClip(file: string, source: string, toneHz: number, seconds: number, filter: string[] = []): string {
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${source}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${toneHz}:sample_rate=44100:duration=${seconds}`,
    ...filter,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** A portrait test-pattern video with a tone: H.264 + AAC in MP4. */
export function makeAvatarVideo(dir: string, seconds = 20): string {
  return testPatternClip(path.join(dir, 'avatar.mp4'), 'testsrc2=size=720x1280', 440, seconds);
}

/**
 * A portrait clip "recorded on a green screen": a test pattern standing on studio green (#00b140), with a
 * tone; preparation finds the screen in it.
 */
export function makeGreenScreenVideo(dir: string, seconds = 12): string {
  return testPatternClip(path.join(dir, 'green.mp4'), 'color=c=0x00b140:size=720x1280', 440, seconds, [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=360x720:rate=25:duration=${seconds}`,
    '-filter_complex',
    '[0:v][2:v]overlay=(W-w)/2:H-h[v]',
    '-map',
    '[v]',
    '-map',
    '1:a',
  ]);
}

/** A short landscape test-pattern clip with a tone: H.264 + AAC in MP4, named `name`. */
export function makeShortClip(dir: string, name: string, seconds = 6): string {
  return testPatternClip(path.join(dir, name), 'testsrc=size=640x360', 660, seconds);
}

/** A spoken Mandarin recording of about 20 s, made offline. */
export function makeVoiceRecording(dir: string): string {
  const file = path.join(dir, 'voice.wav');
  const text = '大家好，欢迎来到我们的直播间。今天给大家介绍一款非常好用的产品，它轻便、耐用，而且价格实惠。'.repeat(2);
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '150', '-w', file, text]);
  return file;
}

/** A tone of `seconds` as 8 kHz mono 16-bit WAV (30 minutes is about 28.8 MB), named `name`. */
export function makeLongAudio(dir: string, name: string, seconds: number): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=8000:duration=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return file;
}

export interface MediaReport {
  videoStreams: number;
  audioStreams: number;
  duration: number;
  /** Mean loudness of the audio in dBFS (-91 is digital silence). */
  meanVolume: number;
}

/** What ffprobe and ffmpeg's volumedetect say about a file. */
export function inspectMedia(file: string): MediaReport {
  const probe = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type:format=duration',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { streams: { codec_type: string }[]; format: { duration: string } };
  // volumedetect reports on stderr.
  const volume = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-i', file, '-map', '0:a:0?', '-af', 'volumedetect', '-f', 'null', '-'],
    { encoding: 'utf8' },
  ).stderr;
  return {
    videoStreams: probe.streams.filter((s) => s.codec_type === 'video').length,
    audioStreams: probe.streams.filter((s) => s.codec_type === 'audio').length,
    duration: Number(probe.format.duration),
    meanVolume: parseVolume(volume),
  };
}

function parseVolume(log: string): number {
  const match = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(log);
  if (!match?.[1] || match[1] === '-inf') return -91;
  return Number(match[1]);
}

/** A test-pattern picture as PNG, `width` x `height` pixels. */
export function makePicture(dir: string, name: string, width = 640, height = 480): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=1`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/** A tone of `seconds` as AAC in M4A, named `name`. */
export function makeToneM4a(dir: string, name: string, seconds = 6): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    file,
  ]);
  return file;
}

/** Container and stream codecs as ffprobe reads them, e.g. { format: 'mov,mp4,…', codecs: ['h264', 'aac'] }. */
export function probeCodecs(file: string): { format: string; codecs: string[] } {
  const probe = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name:format=format_name',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { streams: { codec_name: string }[]; format: { format_name: string } };
  return { format: probe.format.format_name, codecs: probe.streams.map((s) => s.codec_name) };
}
