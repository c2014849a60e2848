import { forwardRef } from 'react';
import { liveAvatar } from '@app/contract';
import { ApiError, call } from '../../../lib/api';
import { LiveRenderer, type LiveAssetsLoader, type LivePlayerHandle, type LivePlayerProps } from './LiveRenderer';
import { playerMessages } from './messages';

export type { LiveAssetsLoader, LiveChunk, LivePlayerHandle, LivePlayerProps } from './LiveRenderer';

/** How long the first live use of an avatar may take: its idle loop and mouth atlas are made then. */
export const LIVE_ASSETS_TIMEOUT_MS = 180_000;

/** The signed-in user's avatar or a public actor. An embed page passes `loadAssets` (fetching by its key). */
const loadOwn: LiveAssetsLoader = (avatarId) =>
  call(liveAvatar, { avatar_id: avatarId }, { quiet: true, timeoutMs: LIVE_ASSETS_TIMEOUT_MS });

/** What the page shows when the assets cannot be had: the server's message, or a general one. */
const loadError = (e: unknown) => (e instanceof ApiError && e.message ? e.message : playerMessages.loadFailed);

/**
 * The live digital human, animated in the browser (see LiveRenderer): its idle loop, and its lips
 * following each sentence it is given to speak.
 */
export const LivePlayer = forwardRef<LivePlayerHandle, LivePlayerProps>(function LivePlayer(props, ref) {
  return <LiveRenderer {...props} ref={ref} loadAssets={props.loadAssets ?? loadOwn} loadError={loadError} />;
});
