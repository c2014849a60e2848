import type { MultiSceneItem, Voice } from '@app/contract';
import { estimateSeconds } from '../../../components/script-box';
import { multiplesText as t } from '../messages';

/** The avatar a scene shows (spec 001 §3 Scene: video_id and the video's duration). */
export interface SceneAvatar {
  id: number;
  name: string;
  cover: string;
  duration: number;
  hs: number;
  /** The screen the avatar was recorded on ('green' | 'blue'; '' none, its person then matted for a backdrop). */
  screen: string;
  /** The cover's person cut out (transparent PNG) for the backdrop preview; absent when none was made. */
  cutout?: string;
}

export interface SceneAudio {
  fileId: number;
  name: string;
  url: string;
  duration: number;
}

/** One scene as the composer keeps it. */
export interface Scene {
  key: number;
  type: 'text' | 'audio';
  text: string;
  avatar: SceneAvatar | null;
  voice: Pick<Voice, 'id' | 'name' | 'api' | 'version_name' | 'voice_channel_name'> | null;
  rate: number;
  volume: number;
  pitch: number;
  /** The recording that drives an audio scene: one of `uploads`. */
  audio: SceneAudio | null;
  /** The scene's side list of uploaded recordings (at most SCENE_UPLOADS_MAX), one of them chosen. */
  uploads: SceneAudio[];
}

/** How many recordings an audio scene's side uploader keeps (spec 001 §2: limit 3 files). */
export const SCENE_UPLOADS_MAX = 3;

let nextKey = 1;
export const newScene = (type: Scene['type'], like?: Scene): Scene => ({
  key: nextKey++,
  type,
  text: '',
  avatar: like?.avatar ?? null,
  voice: like?.voice ?? null,
  rate: like?.rate ?? 1,
  volume: like?.volume ?? 1,
  pitch: like?.pitch ?? 1,
  audio: null,
  uploads: [],
});

/** A new upload joins the side list and drives the scene; a full list takes no more. */
export function addUpload(s: Scene, audio: SceneAudio): Pick<Scene, 'audio' | 'uploads'> | null {
  if (s.uploads.length >= SCENE_UPLOADS_MAX) return null;
  return { audio, uploads: [...s.uploads, audio] };
}

/** Removing the chosen recording hands the scene to the first one left (none: the scene needs audio again). */
export function removeUpload(s: Scene, fileId: number): Pick<Scene, 'audio' | 'uploads'> {
  const uploads = s.uploads.filter((u) => u.fileId !== fileId);
  const audio = s.audio?.fileId === fileId ? (uploads[0] ?? null) : s.audio;
  return { audio, uploads };
}

/** A text scene by characters / 4.2 s plus its pauses; an audio scene by its real duration. */
export const sceneSeconds = (s: Scene) => (s.type === 'audio' ? (s.audio?.duration ?? 0) : estimateSeconds(s.text));
export const totalSeconds = (scenes: Scene[]) => scenes.reduce((n, s) => n + sceneSeconds(s), 0);

/** The first thing to fix before submitting, in the spec's words; null when every scene is complete. */
export function sceneProblem(scenes: Scene[], needAvatar: boolean): string | null {
  for (const s of scenes) {
    if (s.type === 'text' && !s.text.replace(/<[^>]*>/g, '').trim()) return t.textRequired;
    if (s.type === 'audio' && !s.audio) return t.audioRequired;
    if (needAvatar && !s.avatar) return t.avatarRequired;
    if (s.type === 'text' && !s.voice) return t.voiceRequired;
  }
  return null;
}

/** The submit item of spec 001 §3: type, file_id, text, voice_id, rate, volume, pitch, video_id, video_duration. */
export const toItem = (s: Scene): MultiSceneItem => ({
  type: s.type,
  file_id: s.type === 'audio' ? (s.audio?.fileId ?? 0) : 0,
  text: s.type === 'text' ? s.text : '',
  voice_id: s.voice?.id ?? 0,
  rate: s.rate,
  volume: s.volume,
  pitch: s.pitch,
  video_id: s.avatar?.id ?? 0,
  video_duration: s.avatar?.duration ?? 0,
});
