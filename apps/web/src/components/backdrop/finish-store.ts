import { create } from 'zustand';
import { MUSIC_VOLUME_DEFAULT, PRESENTER_DEFAULT, type FinishParams } from '@app/contract';
import { backdropText, musicText } from './messages';

export type BackdropKind = 'original' | 'color' | 'file';

/** A picture or video of the user's (upload or material) behind the presenter, or an audio track under the voice. */
export interface FinishFile {
  fileId: number;
  name: string;
  url: string;
  kind: 'image' | 'video' | 'audio';
}

export interface Presenter {
  x: number;
  y: number;
  scale: number;
}

/** The backdrop and music the user is putting on the next work: kept while they move between the studio's pages. */
interface FinishState {
  kind: BackdropKind;
  color: string;
  backdropFile: FinishFile | null;
  presenter: Presenter;
  /** The page says the avatar (or a scene's) was not recorded on a screen: no backdrop goes out. */
  backdropBlocked: boolean;
  musicOn: boolean;
  music: FinishFile | null;
  musicVolume: number;
  setKind: (kind: BackdropKind) => void;
  setColor: (color: string) => void;
  setBackdropFile: (file: FinishFile | null) => void;
  setPresenter: (patch: Partial<Presenter>) => void;
  setBackdropBlocked: (blocked: boolean) => void;
  setMusicOn: (on: boolean) => void;
  setMusic: (file: FinishFile | null) => void;
  setMusicVolume: (volume: number) => void;
}

export const useFinishStore = create<FinishState>()((set) => ({
  kind: 'original',
  color: '#1664ff',
  backdropFile: null,
  presenter: { ...PRESENTER_DEFAULT },
  backdropBlocked: false,
  musicOn: false,
  music: null,
  musicVolume: MUSIC_VOLUME_DEFAULT,
  setKind: (kind) => set({ kind }),
  setColor: (color) => set({ color }),
  setBackdropFile: (backdropFile) => set({ backdropFile }),
  setPresenter: (patch) => set((s) => ({ presenter: { ...s.presenter, ...patch } })),
  setBackdropBlocked: (backdropBlocked) => set({ backdropBlocked }),
  setMusicOn: (musicOn) => set({ musicOn }),
  setMusic: (music) => set({ music }),
  setMusicVolume: (musicVolume) => set({ musicVolume }),
}));

/** Which of the two a page sends (the composer's audio output sends neither). */
type Scope = { backdrop?: boolean; music?: boolean };

type FinishChoice = Pick<
  FinishState,
  'kind' | 'color' | 'backdropFile' | 'presenter' | 'backdropBlocked' | 'musicOn' | 'music' | 'musicVolume'
>;

/**
 * The create call's backdrop and music params for a choice: a backdrop (with the presenter's place) only
 * when one is chosen and the avatar has a screen; music when it is on and a track is chosen.
 */
export function finishParamsOf(c: FinishChoice, { backdrop = true, music = true }: Scope = {}): FinishParams {
  const params: FinishParams = {};
  const backdropChosen = c.kind === 'color' || (c.kind === 'file' && c.backdropFile !== null);
  if (backdrop && !c.backdropBlocked && backdropChosen) {
    if (c.kind === 'color') params.background_color = c.color;
    else params.background_id = c.backdropFile!.fileId;
    params.presenter_x = c.presenter.x;
    params.presenter_y = c.presenter.y;
    params.presenter_scale = c.presenter.scale;
  }
  if (music && c.musicOn && c.music) {
    params.music_id = c.music.fileId;
    params.music_volume = c.musicVolume;
  }
  return params;
}

/** What is still missing from the choice before a work can be made (user words), or null. */
export function finishProblem(c: FinishChoice, { backdrop = true, music = true }: Scope = {}): string | null {
  if (backdrop && !c.backdropBlocked && c.kind === 'file' && !c.backdropFile) return backdropText.fileRequired;
  if (music && c.musicOn && !c.music) return musicText.required;
  return null;
}

/** The create call's backdrop and music params for the current choice. */
export const finishRequest = (scope?: Scope) => finishParamsOf(useFinishStore.getState(), scope);

/** What the current choice still lacks, or null. */
export const finishMissing = (scope?: Scope) => finishProblem(useFinishStore.getState(), scope);
