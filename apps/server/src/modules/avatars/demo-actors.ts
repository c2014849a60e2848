import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from '../../platform/media/ffmpeg.js';

/**
 * Demo actors made at first start from the sample photos shipped in the npm package
 * `@vladmandic/face-api` (MIT licence, demo/sample*.jpg): a crop around one person, gently panning.
 * The package's photos are all group shots, so a landscape actor is the same one-person crop set
 * on a blurred, widened copy of itself: one presenter, never a group.
 */
export interface DemoActor {
  seedKey: string;
  name: string;
  /** Sample photo in the package's demo folder. */
  photo: string;
  /** Crop of the photo (pixels of the 1920-wide original). */
  crop: { w: number; h: number; x: number; y: number };
  out: { w: number; h: number };
  /** 'fill': the crop fills the frame; 'pillar': the crop stands in the middle of a blurred copy. */
  layout?: 'fill' | 'pillar';
}

export const DEMO_ACTORS: DemoActor[] = [
  {
    seedKey: 'demo-portrait-1',
    name: '小雅',
    photo: 'sample6.jpg',
    crop: { w: 540, h: 960, x: 80, y: 200 },
    out: { w: 720, h: 1280 },
  },
  {
    seedKey: 'demo-portrait-2',
    name: '安琪',
    photo: 'sample3.jpg',
    crop: { w: 560, h: 996, x: 1330, y: 100 },
    out: { w: 720, h: 1280 },
  },
  {
    seedKey: 'demo-landscape-3',
    name: '小雅·横屏',
    photo: 'sample6.jpg',
    crop: { w: 540, h: 960, x: 80, y: 200 },
    out: { w: 1280, h: 720 },
    layout: 'pillar',
  },
  {
    seedKey: 'demo-landscape-4',
    name: '安琪·横屏',
    photo: 'sample3.jpg',
    crop: { w: 560, h: 996, x: 1330, y: 100 },
    out: { w: 1280, h: 720 },
    layout: 'pillar',
  },
];

export const DEMO_CLIP_SECONDS = 6;

function demoPhotoDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo');
}

/** Renders the actor's clip: the crop scaled 6 % larger than the frame, drifting a few pixels on a slow ellipse. */
export async function renderDemoClip(actor: DemoActor, outFile: string): Promise<void> {
  const { crop, out } = actor;
  const bigW = Math.round((out.w * 1.06) / 2) * 2;
  const bigH = Math.round((out.h * 1.06) / 2) * 2;
  const period = DEMO_CLIP_SECONDS;
  // The photo is cropped and scaled once into a still; only the small still is looped.
  const still = `${outFile}.still.png`;
  await ffmpeg([
    '-i',
    path.join(demoPhotoDir(), actor.photo),
    '-vf',
    actor.layout === 'pillar'
      ? `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},split[a][b];[a]scale=${bigW}:${bigH},boxblur=24:2,eq=brightness=-0.08[bg];[b]scale=-2:${bigH}[fg];[bg][fg]overlay=(W-w)/2:0`
      : `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=${bigW}:${bigH}`,
    still,
  ]);
  const filter = [
    `crop=${out.w}:${out.h}:x='(iw-ow)/2+(iw-ow)/2*sin(2*PI*t/${period})':y='(ih-oh)/2+(ih-oh)/3*sin(4*PI*t/${period})'`,
    'format=yuv420p',
  ].join(',');
  await ffmpeg([
    '-loop',
    '1',
    '-framerate',
    '25',
    '-i',
    still,
    '-vf',
    filter,
    '-t',
    String(DEMO_CLIP_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-movflags',
    '+faststart',
    outFile,
  ]);
  await rm(still, { force: true });
}
