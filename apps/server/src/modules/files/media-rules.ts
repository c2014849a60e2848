import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  filesMessages,
  IMAGE_MIN_SIDE,
  MEDIA_MAX_SIDE,
  SITE_PICTURE_RULES,
  UPLOAD_RULES,
  type FileType,
  type UploadPurpose,
} from '@app/contract';
import { confirmedSeconds, MediaToolError, mediaSpan, runTool, type ProbeResult } from '../../platform/media/ffmpeg.js';

/** What the server itself found in an uploaded file; the client's own figures are never used. */
export interface MediaFacts {
  mime: string;
  duration: number;
  width: number;
  height: number;
  hdr: boolean;
  /** Codec of the picture (video, image) or of the sound (voice), as ffprobe names it. */
  codec: string;
}

/** A file that breaks the rules of its type; the message is shown to the user as is. */
export class MediaRefusal extends Error {}

/**
 * Codecs that browsers play and our ffmpeg pipeline decodes; anything else (MPEG-2, ProRes, AC-3, AMR…)
 * is refused at registration instead of failing later in a player or a render.
 */
export const PLAYABLE_CODECS = {
  video: new Set(['h264', 'hevc', 'vp9', 'av1', 'mpeg4']),
  voice: new Set(['aac', 'mp3', 'flac', 'opus', 'vorbis', 'alac']),
  image: new Set(['png', 'mjpeg']),
} as const;
const playableAudio = (codec: string) => PLAYABLE_CODECS.voice.has(codec) || codec.startsWith('pcm_');

/** Refusals for a codec outside PLAYABLE_CODECS (server-side only: the browser cannot see codecs before upload). */
export const codecMessages = {
  video: '视频编码格式不支持，请上传H.264/H.265/VP9/AV1/MPEG-4编码的视频',
  voice: '音频编码格式不支持，请上传AAC/MP3/PCM/FLAC/Opus/Vorbis/ALAC编码的音频',
} as const;

type Probe = ProbeResult & { format: ProbeResult['format'] & { tags?: Record<string, string> } };

async function probeRaw(file: string): Promise<Probe | null> {
  try {
    const out = await runTool(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: 60_000 },
    );
    return JSON.parse(out.toString('utf8')) as Probe;
  } catch (e) {
    if (e instanceof MediaToolError) return null;
    throw e;
  }
}

const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);
const isCoverArt = (codec: string | undefined) => codec === 'mjpeg' || codec === 'png';

/**
 * The seconds a video or an audio upload really holds, from a read of all its packets (nothing is
 * decoded, so a picture of any size costs nothing): what its header claims is never charged unless the
 * packets bear it out (`confirmedSeconds`). A file cut short (index first, media data missing) is refused
 * as damaged. 0 when the scan cannot read the file (the probe's own refusal then stands).
 */
async function packetSeconds(file: string): Promise<number> {
  const span = await mediaSpan(file).catch((e: unknown) => (e instanceof MediaToolError ? null : Promise.reject(e)));
  if (span?.partial) throw new MediaRefusal(filesMessages.damagedFile);
  return span?.seconds ?? 0;
}

/** A length outside the type's range says which end it missed (a 1 s recording is too short, not of the wrong kind). */
function checkDuration(type: 'video' | 'voice', seconds: number): void {
  const range = UPLOAD_RULES[type].duration;
  if (!range) return;
  if (seconds < range.min) throw new MediaRefusal(filesMessages.tooShort(type, range.min));
  if (seconds > range.max) throw new MediaRefusal(filesMessages.tooLong(type, range.max));
}

async function checkVideo(p: Probe, scanned: Promise<number>): Promise<MediaFacts> {
  if (!p.format.format_name.split(',').some((f) => f === 'mov' || f === 'mp4'))
    throw new MediaRefusal(filesMessages.videoRule);
  const v = p.streams.find((s) => s.codec_type === 'video' && !isCoverArt(s.codec_name));
  if (!v) throw new MediaRefusal(filesMessages.videoWithoutPicture);
  const codec = v.codec_name ?? '';
  if (!PLAYABLE_CODECS.video.has(codec)) throw new MediaRefusal(codecMessages.video);
  const width = v.width ?? 0;
  const height = v.height ?? 0;
  if (width > MEDIA_MAX_SIDE || height > MEDIA_MAX_SIDE) throw new MediaRefusal(filesMessages.videoTooBig);
  const duration = confirmedSeconds(Number(p.format.duration ?? v.duration ?? 0) || 0, await scanned);
  checkDuration('video', duration);
  const quicktime = (p.format.tags?.major_brand ?? '').trim() === 'qt';
  return {
    mime: quicktime ? 'video/quicktime' : 'video/mp4',
    duration,
    width,
    height,
    hdr: HDR_TRANSFERS.has(v.color_transfer ?? ''),
    codec,
  };
}

const AUDIO_CONTAINERS: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
};

async function checkVoice(p: Probe, scanned: Promise<number>): Promise<MediaFacts> {
  const a = p.streams.find((s) => s.codec_type === 'audio');
  const picture = p.streams.some((s) => s.codec_type === 'video' && !isCoverArt(s.codec_name));
  const container = p.format.format_name.split(',').find((f) => f in AUDIO_CONTAINERS);
  if (!a || picture || !container) throw new MediaRefusal(filesMessages.audioRule);
  const codec = a.codec_name ?? '';
  if (!playableAudio(codec)) throw new MediaRefusal(codecMessages.voice);
  const duration = confirmedSeconds(Number(p.format.duration ?? a.duration ?? 0) || 0, await scanned);
  checkDuration('voice', duration);
  return { mime: AUDIO_CONTAINERS[container] ?? 'audio/mpeg', duration, width: 0, height: 0, hdr: false, codec };
}

/** A PNG's own header (IHDR) sizes: ffprobe reports 0 x 0 for sizes it deems invalid. */
async function pngHeaderSize(file: string): Promise<{ width: number; height: number }> {
  const head = Buffer.alloc(24);
  const fh = await fs.promises.open(file, 'r');
  await fh.read(head, 0, 24, 0).finally(() => fh.close());
  return head.subarray(12, 16).toString('latin1') === 'IHDR'
    ? { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
    : { width: 0, height: 0 };
}

/** Sides an image may have: the spec's 300 px floor for pictures a video is made from, any sensible size for site pictures. */
const imageSides = (purpose: UploadPurpose | undefined) =>
  purpose === 'site'
    ? {
        min: SITE_PICTURE_RULES.minSide,
        max: SITE_PICTURE_RULES.maxSide,
        small: filesMessages.sitePictureSize,
        big: filesMessages.sitePictureSize,
      }
    : { min: IMAGE_MIN_SIDE, max: MEDIA_MAX_SIDE, small: filesMessages.imageTooSmall, big: filesMessages.imageTooBig };

/** Sizes come from headers only; nothing is decoded, so a decompression bomb costs nothing. */
async function checkImage(file: string, p: Probe, purpose: UploadPurpose | undefined): Promise<MediaFacts> {
  const sides = imageSides(purpose);
  const s = p.streams.length === 1 ? p.streams[0] : undefined;
  const mime = s?.codec_name === 'png' ? 'image/png' : s?.codec_name === 'mjpeg' ? 'image/jpeg' : null;
  if (!s || !mime || !/^(png_pipe|jpeg_pipe|image2)$/.test(p.format.format_name))
    throw new MediaRefusal(filesMessages.imageRule);
  const header = mime === 'image/png' ? await pngHeaderSize(file) : { width: 0, height: 0 };
  const width = Math.max(s.width ?? 0, header.width);
  const height = Math.max(s.height ?? 0, header.height);
  if (width > sides.max || height > sides.max) throw new MediaRefusal(sides.big);
  // No size anywhere in the headers: not a picture at all.
  if (!width || !height) throw new MediaRefusal(filesMessages.imageRule);
  if (width < sides.min || height < sides.min) throw new MediaRefusal(sides.small);
  return { mime, duration: 0, width, height, hdr: false, codec: s.codec_name ?? '' };
}

// Each refusal says what is wrong: past the size ceiling is not the wrong format. The voice-clone cap is the clone's own check.
const TOO_LARGE: Record<FileType, string> = {
  video: filesMessages.tooLarge('video', UPLOAD_RULES.video.maxBytes),
  voice: filesMessages.tooLarge('voice', UPLOAD_RULES.voice.maxBytes),
  image: filesMessages.imageTooLarge,
};
const WRONG_KIND: Record<FileType, string> = {
  video: filesMessages.videoRule,
  voice: filesMessages.audioRule,
  image: filesMessages.imageRule,
};

/** The rules of spec 000 §5 / 001 §5 for one upload type, applied to what the file really is. */
export async function inspectUpload(
  type: FileType,
  file: string,
  key: string,
  purpose?: UploadPurpose,
): Promise<MediaFacts> {
  const size = (await fs.promises.stat(file)).size;
  if (size === 0) throw new MediaRefusal(filesMessages.emptyFile);
  if (size > UPLOAD_RULES[type].maxBytes) throw new MediaRefusal(TOO_LARGE[type]);
  if (purpose === 'site' && size > SITE_PICTURE_RULES.maxBytes)
    throw new MediaRefusal(filesMessages.sitePictureTooLarge);
  const ext = path.extname(key).slice(1).toLowerCase();
  if (!UPLOAD_RULES[type].extensions.includes(ext)) throw new MediaRefusal(WRONG_KIND[type]);
  // The packets of a video or an audio file are read beside the probe (nothing is decoded); the answer
  // counts only once the probe's own rules pass, and the file is not handed back (and perhaps removed)
  // before that read has ended.
  const scanned = type === 'image' ? Promise.resolve(0) : packetSeconds(file);
  const ended = scanned.catch(() => undefined);
  try {
    return await checkProbed(type, file, ext, scanned, purpose);
  } finally {
    await ended;
  }
}

async function checkProbed(
  type: FileType,
  file: string,
  ext: string,
  scanned: Promise<number>,
  purpose: UploadPurpose | undefined,
): Promise<MediaFacts> {
  const p = await probeRaw(file);
  if (!p) {
    const head = Buffer.alloc(8);
    const fh = await fs.promises.open(file, 'r');
    await fh.read(head, 0, 8, 0).finally(() => fh.close());
    // An ISO media file whose index never arrived was cut short rather than of the wrong kind.
    throw new MediaRefusal(
      head.subarray(4, 8).toString('latin1') === 'ftyp' ? filesMessages.damagedFile : WRONG_KIND[type],
    );
  }
  const facts =
    type === 'video'
      ? await checkVideo(p, scanned)
      : type === 'voice'
        ? await checkVoice(p, scanned)
        : await checkImage(file, p, purpose);
  // The name must say what the file is, so it is served with the right type.
  if (!(MIME_OF_EXTENSION[ext] ?? []).includes(facts.mime)) throw new MediaRefusal(WRONG_KIND[type]);
  return facts;
}

const MIME_OF_EXTENSION: Record<string, string[]> = {
  mp4: ['video/mp4', 'video/quicktime'],
  mov: ['video/mp4', 'video/quicktime'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav'],
  m4a: ['audio/mp4'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
};

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), hash);
  return hash.digest('hex');
}
