import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ffmpeg, runTool } from '../../platform/media/ffmpeg.js';

/** Test media made with ffmpeg and espeak-ng, and helpers to post upload forms. */
export async function makeMedia(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  const av = ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25', '-f', 'lavfi', '-i', 'sine=f=440:sample_rate=44100'];
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await ffmpeg([...av, '-t', '6', ...x264, '-c:a', 'aac', at('clip.mp4')]);
  await ffmpeg([...av, '-t', '6', ...x264, '-c:a', 'aac', '-movflags', '+faststart', at('faststart.mp4')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=300', '-t', '6', '-c:a', 'aac', '-f', 'mp4', at('sound-only.mp4')]);
  // Four hours cheaply: a tiny still picture at one frame per second.
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=1', '-t', '14400', ...x264, at('four-hours.mp4')]);
  // Whole, valid files that are only too short (one second each).
  await ffmpeg([...av, '-t', '1', ...x264, '-c:a', 'aac', at('one-second.mp4')]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=f=300:sample_rate=16000',
    '-t',
    '1',
    '-c:a',
    'pcm_s16le',
    at('one-second.wav'),
  ]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=400x400', '-frames:v', '1', at('photo.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=200x200', '-frames:v', '1', at('small.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', at('photo.jpg')]);
  await runTool('espeak-ng', [
    '-v',
    'cmn',
    '-w',
    at('speech.wav'),
    '你好，这是一段用来测试上传的声音，大概有好几秒钟长，我们多说几句话，让它超过五秒。',
  ]);
  await ffmpeg(['-i', at('speech.wav'), '-c:a', 'libmp3lame', '-b:a', '64k', at('speech.mp3')]);
  fs.writeFileSync(at('text.mp4'), 'this is not a video, only text pretending to be one\n'.repeat(50));
  const clip = fs.readFileSync(at('clip.mp4'));
  fs.writeFileSync(at('truncated.mp4'), clip.subarray(0, Math.floor(clip.length / 2)));
  const fast = fs.readFileSync(at('faststart.mp4'));
  fs.writeFileSync(at('truncated-faststart.mp4'), fast.subarray(0, Math.floor(fast.length / 2)));
  fs.writeFileSync(at('bomb.png'), withHugeDimensions(fs.readFileSync(at('photo.png')), 60000, 60000));
  fs.writeFileSync(at('bomb-16k.png'), withHugeDimensions(fs.readFileSync(at('photo.png')), 16000, 16000));
  return at;
}

/** A decompression bomb's shape: the PNG header claims huge dimensions (CRC kept valid). */
function withHugeDimensions(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4): width and height follow.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

export function multipart(
  fields: Record<string, string>,
  file?: { content: Buffer; filename: string; field?: string },
) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every stored object under a folder of the local store, and what is left in its temp folder. */
export function storedFiles(root: string, under = 'users'): string[] {
  const start = path.join(root, under);
  if (!fs.existsSync(start)) return [];
  return (fs.readdirSync(start, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(start, p)).isFile(),
  );
}
export const tempFiles = (root: string) => fs.readdirSync(path.join(root, '.tmp'));
