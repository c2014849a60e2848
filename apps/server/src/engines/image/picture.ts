import { MediaToolError, runTool } from '../../platform/media/ffmpeg.js';

/** A still picture as ffprobe reads it (the shared probe leaves png and jpeg streams out). */
export interface PictureInfo {
  codec: string;
  width: number;
  height: number;
  /** The extension it is stored under. */
  ext: '.png' | '.jpg' | '.webp';
}

const EXT: Record<string, PictureInfo['ext']> = { png: '.png', mjpeg: '.jpg', webp: '.webp' };

/** The picture's codec and size, or null when the file is no png, jpeg or webp picture. */
export async function pictureInfo(file: string, signal?: AbortSignal): Promise<PictureInfo | null> {
  try {
    const out = await runTool(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'csv=p=0',
        file,
      ],
      { timeoutMs: 30_000, signal },
    );
    const [codec = '', width = '0', height = '0'] = out.toString('utf8').trim().split(',');
    const ext = EXT[codec];
    if (!ext || !(Number(width) > 0 && Number(height) > 0)) return null;
    return { codec, width: Number(width), height: Number(height), ext };
  } catch (e) {
    if (e instanceof MediaToolError) return null;
    throw e;
  }
}
