import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { renderPhotoLocal } from '../../engines/photo/local.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { frameFace, LANDSCAPE, PORTRAIT, spotlightExpression, type Box, type Size } from './demo-framing.js';

/**
 * Demo actors made at first start from the sample photos shipped in the npm package
 * `@vladmandic/face-api` (MIT licence, demo/sample*.jpg). The photos are group shots; the actors are
 * the three most presenter-like of their faces (frontal, smiling, looking at the camera, dressed for
 * head-and-shoulders framing), framed for 9:16 and for 16:9 from the photo itself, the presenter sharp
 * and the rest of the scene out of focus.
 */
export interface DemoPerson {
  /** Chinese stage name. */
  name: string;
  /** Sample photo number in the package's demo folder, and its size. */
  sample: number;
  photo: Size;
  /** The face as face-api's SSD detector finds it in the photo (photo pixels). */
  face: Box;
  /** Widens the sharp area around the head for long hair. */
  hair: number;
  /** Seed key (`local-preset-N`) of the public offline voice the actor speaks with. */
  voice: string;
}

export interface DemoActor {
  seedKey: string;
  name: string;
  person: DemoPerson;
  out: Size;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    name: '林溪',
    sample: 6,
    photo: { w: 1920, h: 1537 },
    face: { x: 681, y: 320, w: 160, h: 308 },
    hair: 1.2,
    voice: 'local-preset-2',
  },
  {
    name: '苏晴',
    sample: 3,
    photo: { w: 1920, h: 1350 },
    face: { x: 1514, y: 292, w: 170, h: 280 },
    hair: 1.1,
    voice: 'local-preset-4',
  },
  {
    name: '安妮',
    sample: 3,
    photo: { w: 1920, h: 1350 },
    face: { x: 1075, y: 215, w: 221, h: 299 },
    hair: 1,
    voice: 'local-preset-2',
  },
];

export const PORTRAIT_SIZE: Size = { w: 720, h: 1280 };
export const LANDSCAPE_SIZE: Size = { w: 1280, h: 720 };

/** Each person twice: portrait (`actor-N-portrait`, 竖屏) and landscape (`actor-N-landscape`, 横屏). */
export const DEMO_ACTORS: DemoActor[] = DEMO_PEOPLE.flatMap((person, i) => [
  { seedKey: `actor-${i + 1}-portrait`, name: person.name, person, out: PORTRAIT_SIZE },
  { seedKey: `actor-${i + 1}-landscape`, name: `${person.name}·横屏`, person, out: LANDSCAPE_SIZE },
]);

/** Seed keys of the demo actors of earlier versions (panning crops of the same photos), hidden once these exist. */
export const RETIRED_DEMO_ACTORS = ['demo-portrait-1', 'demo-portrait-2', 'demo-landscape-3', 'demo-landscape-4'];

export const DEMO_CLIP_SECONDS = 6;

function demoPhoto(sample: number): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo', `sample${sample}.jpg`);
}

/**
 * The actor's still: the framed part of the photo at the clip's size, sharp on the presenter's head
 * and shoulders and blurred, slightly darker and less saturated elsewhere, like a portrait lens.
 * The spotlight is drawn at 1/8 size and scaled up, so the still costs well under a second.
 */
export async function renderDemoStill(actor: DemoActor, outFile: string): Promise<void> {
  const { person, out } = actor;
  const { crop, face } = frameFace(person.photo, person.face, out, out.w < out.h ? PORTRAIT : LANDSCAPE);
  const grid = { w: out.w / 8, h: out.h / 8 };
  const filter = [
    `[0:v]crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=${out.w}:${out.h}:flags=bicubic,format=rgb24,split[sharp][b]`,
    `[b]gblur=sigma=${Math.round(Math.max(out.w, out.h) / 80)},eq=brightness=-0.05:saturation=0.75[soft]`,
    `color=black:s=${grid.w}x${grid.h},format=gray,geq=lum='${spotlightExpression(face, out, grid, person.hair)}',scale=${out.w}:${out.h}:flags=bicubic[spot]`,
    '[sharp][spot]alphamerge[fg]',
    '[soft][fg]overlay=format=auto',
  ].join(';');
  await ffmpeg(['-i', demoPhoto(person.sample), '-filter_complex', filter, '-frames:v', '1', outFile]);
}

/**
 * Renders the actor's clip: the still brought to life by the photo engine with silence for speech,
 * so the lips stay closed while the eyes blink and the whole picture sways and breathes gently.
 */
export async function renderDemoClip(actor: DemoActor, outFile: string): Promise<void> {
  const still = `${outFile}.still.png`;
  const silence = `${outFile}.silence.m4a`;
  try {
    await renderDemoStill(actor, still);
    await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', String(DEMO_CLIP_SECONDS), '-c:a', 'aac', silence]);
    await renderPhotoLocal(
      { image: still, audioFile: silence, outFile },
      { maxShortSide: Math.min(actor.out.w, actor.out.h), preset: 'veryfast', crf: 20 },
    );
  } finally {
    await rm(still, { force: true });
    await rm(silence, { force: true });
  }
}
