import { create } from 'zustand';
import { studioMessages, type MaterialItem, type Voice } from '@app/contract';
import type { AvatarTab, Orientation } from '../lib/query-params';

export interface ChosenAvatar {
  id: number;
  /** Own and public avatars go as video_id (id = avatar id), library videos as material_video_id (id = file id). */
  kind: 'avatar' | 'material';
  name: string;
  url: string;
  cover: string;
  duration: number;
  hs: number;
  /** The screen the avatar was recorded on ('green' | 'blue'; '' none, library videos too): keyed for a backdrop. */
  screen: string;
  /** A public actor's own voice (a public voice's id): chosen with the actor while no voice is. */
  voiceId?: number | null;
  /** The cover's person cut out (transparent PNG) for the backdrop preview; absent when none was made. */
  cutout?: string;
}

export interface AudioFile {
  /** The registered file: sent as material_audio_id. */
  fileId: number;
  name: string;
  url: string;
  duration: number;
}

export interface SpeechSettings {
  rate: number;
  volume: number;
  pitch: number;
  language: string;
  emotion: string;
}

/** Voice tabs: mine 1, public 0, material library 2 (spec 001 §2). */
export type VoiceTab = '1' | '0' | '2';
/** Drive mode: text 1, audio 2. */
export type DriveMode = 1 | 2;

export const defaultSpeech: SpeechSettings = { rate: 1, volume: 1, pitch: 1, language: '', emotion: 'default' };

interface StudioState {
  workName: string;
  avatarTab: AvatarTab;
  orientation: Orientation;
  avatar: ChosenAvatar | null;
  mode: DriveMode;
  voiceTab: VoiceTab;
  voice: Voice | null;
  speech: SpeechSettings;
  text: string;
  /** The auditioned speech of the current text and voice; cleared when either changes. */
  synthesized: AudioFile | null;
  audio: AudioFile | null;
  setWorkName: (name: string) => void;
  setAvatarTab: (tab: AvatarTab) => void;
  setOrientation: (o: Orientation) => void;
  chooseAvatar: (avatar: ChosenAvatar | null) => void;
  setMode: (mode: DriveMode) => void;
  setVoiceTab: (tab: VoiceTab) => void;
  chooseVoice: (voice: Voice | null) => void;
  setSpeech: (patch: Partial<SpeechSettings>) => void;
  setText: (text: string) => void;
  setSynthesized: (file: AudioFile | null) => void;
  setAudio: (file: AudioFile | null) => void;
  /** An audio of the material library drives the work: audio mode with that audio, material tab kept. */
  chooseMaterialAudio: (item: MaterialItem) => void;
  /** A video of the material library is the avatar (sent as material_video_id). */
  chooseMaterialVideo: (item: MaterialItem) => void;
  /** After a failed create: the synthesized speech and the uploaded audio are dropped (spec 001 §8). */
  clearAfterFailure: () => void;
  reset: (patch?: Partial<StudioState>) => void;
}

export const materialAudio = (m: MaterialItem): AudioFile => ({
  fileId: m.file_id,
  name: m.name,
  url: m.url,
  duration: m.duration,
});

export const materialVideo = (m: MaterialItem): ChosenAvatar => ({
  id: m.file_id,
  kind: 'material',
  name: m.name,
  url: m.url,
  cover: m.cover,
  duration: m.duration,
  hs: m.width > m.height ? 1 : 2,
  screen: '',
});

const initial = {
  workName: studioMessages.defaultWorkName,
  avatarTab: '1' as AvatarTab,
  orientation: 2 as Orientation,
  avatar: null,
  mode: 1 as DriveMode,
  voiceTab: '1' as VoiceTab,
  voice: null,
  speech: defaultSpeech,
  text: '',
  synthesized: null,
  audio: null,
};

/** Everything the studio page is putting together; reset each time the page opens. */
export const useStudioStore = create<StudioState>()((set) => ({
  ...initial,
  setWorkName: (workName) => set({ workName: workName.trim() || studioMessages.defaultWorkName }),
  setAvatarTab: (avatarTab) => set({ avatarTab }),
  setOrientation: (orientation) => set({ orientation }),
  chooseAvatar: (avatar) => set({ avatar }),
  setMode: (mode) => set({ mode }),
  setVoiceTab: (voiceTab) => set({ voiceTab }),
  chooseVoice: (voice) =>
    set((s) => ({
      voice,
      synthesized: null,
      speech: voice
        ? { ...s.speech, rate: voice.rate || 1, volume: voice.volume || 1, pitch: voice.pitch || 1 }
        : s.speech,
    })),
  setSpeech: (patch) => set((s) => ({ speech: { ...s.speech, ...patch }, synthesized: null })),
  setText: (text) => set((s) => (s.text === text ? s : { text, synthesized: null })),
  setSynthesized: (synthesized) => set({ synthesized }),
  setAudio: (audio) => set({ audio }),
  chooseMaterialAudio: (item) => set({ audio: materialAudio(item), mode: 2, voiceTab: '2' }),
  chooseMaterialVideo: (item) => set({ avatar: materialVideo(item), avatarTab: '3' }),
  clearAfterFailure: () => set({ synthesized: null, audio: null }),
  reset: (patch = {}) => set({ ...initial, ...patch }),
}));
