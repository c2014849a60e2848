/** Where a script handed over by another page waits (query type=fk). */
export { HANDOVER_TEXT_KEY } from '../../../lib/handover';

/** Avatar tabs of the studio: own 2, public 1, material library 3 (spec 001 §2). */
export type AvatarTab = '2' | '1' | '3';
export type Orientation = 1 | 2;

export interface StudioEntry {
  avatarId: number | null;
  avatarTab: AvatarTab | null;
  orientation: Orientation;
  /** origin=audio&audioId=: start in audio mode with this material audio. */
  materialAudioId: number | null;
  /** type=fk: the script comes from session storage. */
  handover: boolean;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Reads /create?id=&hs=&source=3&origin=audio&audioId=&type=fk. */
export function parseStudioEntry(search: URLSearchParams): StudioEntry {
  const source = search.get('source');
  return {
    avatarId: positive(search.get('id')),
    avatarTab: source === '3' ? '3' : source === '2' ? '2' : source === '1' ? '1' : null,
    orientation: search.get('hs') === '1' ? 1 : 2,
    materialAudioId: search.get('origin') === 'audio' ? positive(search.get('audioId')) : null,
    handover: search.get('type') === 'fk',
  };
}
