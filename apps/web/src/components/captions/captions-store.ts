import { create } from 'zustand';
import { CAPTION_PRESETS, captionParamsOf, type CaptionPreset, type CaptionStyle } from '@app/contract';

/** The captions the user is putting on the next work: kept while they move between the studio's pages. */
export interface CaptionChoice {
  on: boolean;
  preset: CaptionPreset;
  style: CaptionStyle;
}

interface CaptionsState extends CaptionChoice {
  /** The page says captions cannot be made for the work as it stands (an audio drive without a recogniser). */
  blocked: boolean;
  setBlocked: (blocked: boolean) => void;
  setOn: (on: boolean) => void;
  /** A named style replaces every knob. */
  choosePreset: (preset: CaptionPreset) => void;
  setStyle: (patch: Partial<CaptionStyle>) => void;
}

export const useCaptionsStore = create<CaptionsState>()((set) => ({
  on: false,
  blocked: false,
  setBlocked: (blocked) => set({ blocked }),
  preset: 'classic',
  style: CAPTION_PRESETS.classic.style,
  setOn: (on) => set({ on }),
  choosePreset: (preset) => set({ preset, style: CAPTION_PRESETS[preset].style }),
  setStyle: (patch) => set((s) => ({ style: { ...s.style, ...patch } })),
}));

/** The create call's caption params for the current choice; none while captions are off or cannot be made. */
export function captionRequest() {
  const { on, blocked, preset, style } = useCaptionsStore.getState();
  return captionParamsOf(on && !blocked ? style : null, preset);
}
