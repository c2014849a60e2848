import { LIPSYNC_ENGINE_ID } from '../../engines/avatar/index.js';
import { LIVE_FILES } from '../../engines/talking-face/live-atlas.js';
import { indexMouths, unpackIndex, type MouthShape } from '../../engines/talking-face/mouth-bank.js';
import { unpackTrack, type FaceTrack } from '../../engines/talking-face/track.js';
import type { AvatarEngineData } from '../../db/schema/index.js';

/** Where an avatar's live assets are kept, below its folder (`avatarPrefix`): beside the mezzanine. */
export const liveKeysUnder = (prefix: string) => ({
  meta: prefix + LIVE_FILES.meta,
  loop: prefix + LIVE_FILES.loop,
  atlas: prefix + LIVE_FILES.atlas,
});

/**
 * The face the live assets are made from: the lip-sync channel's track and mouth index of the avatar,
 * 'none' when that channel found no face, null when it has not looked (or looked at other footage).
 */
export function liveFaceOf(
  engineData: AvatarEngineData,
  frameCount: number,
): { track: FaceTrack; index: MouthShape[] } | 'none' | null {
  const d = engineData[LIPSYNC_ENGINE_ID];
  if (d?.noFace === true) return 'none';
  if (!d || typeof d.track !== 'string' || d.frames !== frameCount) return null;
  const track = unpackTrack(d.track, Number(d.every), frameCount, Number(d.faces) || 1);
  const index =
    typeof d.mouths === 'string' ? unpackIndex(d.mouths, track.every) : indexMouths(track.samples, track.every);
  return { track, index };
}
