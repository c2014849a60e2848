import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { LiveAvatarAssets } from '@app/contract';
import { playerMessages } from './messages';
import {
  decodeVisemes,
  fitSimilarity,
  loopFrameAt,
  SpriteChooser,
  spriteBox,
  spriteToDraw,
  trackAt,
  visemeAt,
  type Similarity,
} from './compose';

/** One spoken sentence as the answer stream sends it. */
export interface LiveChunk {
  index: number;
  mime: string;
  /** base64 */
  audio: string;
  duration_ms: number;
  fps: number;
  /** base64 of frames × 5 bytes (open, a, i, u, m; 0..255) */
  visemes: string;
}

export interface LivePlayerHandle {
  /** Queues a sentence: it plays when the ones before it have ended. */
  speak(chunk: LiveChunk): void;
  /** Silences the avatar at once: the sound stops, the queue is dropped, the lips close. */
  stop(): void;
  speaking(): boolean;
}

/** Loads the live assets of an avatar: the signed-in user's by default; the embed page passes its own (by its key). */
export type LiveAssetsLoader = (avatarId: number, embedKey?: string) => Promise<LiveAvatarAssets>;

export interface LivePlayerProps {
  avatarId: number;
  embedKey?: string;
  /** Where the assets come from (LivePlayer: the signed-in user's avatar by default). */
  loadAssets?: LiveAssetsLoader;
  onSpeakingChange?(speaking: boolean): void;
  onReady?(): void;
  className?: string;
}

/** Draw counts for measurements: frames drawn and milliseconds spent drawing them. */
interface PlayerStats {
  frames: number;
  drawMs: number;
  spriteFrames: number;
}
declare global {
  interface Window {
    __livePlayerStats?: PlayerStats;
  }
}

function blobOf(chunk: LiveChunk): Blob {
  const text = atob(chunk.audio);
  const bytes = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k);
  return new Blob([bytes], { type: chunk.mime });
}

interface Queued {
  url: string;
  visemes: Uint8Array;
  fps: number;
}

/**
 * The live digital human, drawn in the browser: the avatar's idle loop plays muted under a canvas;
 * while a sentence sounds, each shown frame gets the mouth sprite its viseme asks for, aligned on the
 * frame's mouth by the steady points and feathered by the sprite's own mask. Between answers the loop
 * idles with a closed mouth: its own when the footage never opens it (a photo), else the atlas's rest sprite.
 */
export const LiveRenderer = forwardRef<
  LivePlayerHandle,
  LivePlayerProps & { loadAssets: LiveAssetsLoader; loadError(e: unknown): string }
>(function LiveRenderer({ avatarId, embedKey, loadAssets, loadError, onSpeakingChange, onReady, className }, ref) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [assets, setAssets] = useState<LiveAvatarAssets | null>(null);
  const [failed, setFailed] = useState('');
  const [ready, setReady] = useState(false);
  const queue = useRef<Queued[]>([]);
  const current = useRef<Queued | null>(null);
  const callbacks = useRef({ onSpeakingChange, onReady });
  callbacks.current = { onSpeakingChange, onReady };

  const loader = loadAssets;
  useEffect(() => {
    let gone = false;
    setAssets(null);
    setFailed('');
    setReady(false);
    loader(avatarId, embedKey).then(
      (a) => !gone && setAssets(a),
      (e: unknown) => !gone && setFailed(loadError(e)),
    );
    return () => {
      gone = true;
    };
    // The loader is a seam, not state: a new function each render must not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [avatarId, embedKey]);

  /** Plays the next queued sentence, or ends speaking. */
  const next = useRef(() => undefined as void);
  next.current = () => {
    const audio = audioRef.current;
    if (current.current) URL.revokeObjectURL(current.current.url);
    const item = queue.current.shift() ?? null;
    const was = current.current !== null;
    current.current = item;
    if (!audio) return;
    if (!item) {
      audio.removeAttribute('src');
      if (was) callbacks.current.onSpeakingChange?.(false);
      return;
    }
    audio.src = item.url;
    if (!was) callbacks.current.onSpeakingChange?.(true);
    // A refused play (no gesture yet) must not hold the queue: move on.
    audio.play().catch(() => next.current());
  };

  useImperativeHandle(
    ref,
    () => ({
      speak(chunk) {
        queue.current.push({
          url: URL.createObjectURL(blobOf(chunk)),
          visemes: decodeVisemes(chunk.visemes),
          fps: chunk.fps || 25,
        });
        if (!current.current) next.current();
      },
      stop() {
        const audio = audioRef.current;
        audio?.pause();
        for (const q of queue.current) URL.revokeObjectURL(q.url);
        queue.current = [];
        if (current.current) {
          URL.revokeObjectURL(current.current.url);
          current.current = null;
          audio?.removeAttribute('src');
          callbacks.current.onSpeakingChange?.(false);
        }
      },
      speaking: () => current.current !== null,
    }),
    [],
  );

  // Drops whatever is queued when the player goes away.
  useEffect(
    () => () => {
      for (const q of [...queue.current, ...(current.current ? [current.current] : [])]) URL.revokeObjectURL(q.url);
      queue.current = [];
      current.current = null;
    },
    [],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    const video = videoRef.current;
    if (!assets || !canvas || !video) return;
    const { meta } = assets;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    let stopped = false;
    let raf = 0;
    let sprites: ImageBitmap[] = [];
    const chooser = new SpriteChooser(meta);
    const stats: PlayerStats = { frames: 0, drawMs: 0, spriteFrames: 0 };
    window.__livePlayerStats = stats;
    let lastKey = '';
    let lastBox = '';
    /** What the overlay holds now (loop pixels), cleared before the next sprite. */
    let drawn: [number, number, number, number] | null = null;
    let lastTrack: number[] | null = null;
    let lastFit: Similarity | null = null;
    let lastSprite = -1;
    // The time of the frame the video shows now, when the browser tells it (more exact than currentTime).
    let shownTime: number | null = null;
    const onVideoFrame = (_now: number, frame: { mediaTime: number }) => {
      shownTime = frame.mediaTime;
      if (!stopped) video.requestVideoFrameCallback(onVideoFrame);
    };
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(onVideoFrame);

    /**
     * The video element shows the loop itself (decoded and drawn off the main thread); the canvas over
     * it holds only the mouth sprite, redrawn when the loop frame or the sprite changes.
     */
    const draw = () => {
      if (stopped) return;
      raf = requestAnimationFrame(draw);
      if (video.readyState < 2) return;
      const { forward, frame } = loopFrameAt(meta, shownTime ?? video.currentTime);
      const audio = audioRef.current;
      const item = current.current;
      let sprite = -1;
      if (item && audio && !audio.paused)
        sprite = chooser.choose(visemeAt(item.visemes, Math.floor(audio.currentTime * item.fps)));
      else chooser.reset();
      sprite = spriteToDraw(meta, sprite);
      // Nothing new to show: the same loop frame with the same mouth.
      const key = sprite < 0 ? 'idle' : `${frame}:${sprite}`;
      if (key === lastKey && lastBox) return;
      lastKey = key;
      const t0 = performance.now();
      if (drawn) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(drawn[0] - 1, drawn[1] - 1, drawn[2] + 2, drawn[3] + 2);
        drawn = null;
      }
      const points = trackAt(meta, forward);
      const shown = sprite >= 0 ? sprite : meta.rest;
      const s = meta.sprites[shown];
      if (points && s) {
        const fit = points === lastTrack && shown === lastSprite && lastFit ? lastFit : fitSimilarity(s.points, points);
        lastTrack = points;
        lastSprite = shown;
        lastFit = fit;
        const box = spriteBox(s, fit);
        const bitmap = sprite >= 0 ? sprites[sprite] : undefined;
        if (bitmap) {
          ctx.setTransform(fit.a, fit.b, -fit.b, fit.a, fit.e, fit.f);
          ctx.drawImage(bitmap, 0, 0);
          drawn = box;
          stats.spriteFrames++;
        }
        const text = box.join(',');
        if (text !== lastBox) {
          lastBox = text;
          canvas.dataset.mouthBox = text;
        }
      }
      stats.frames++;
      stats.drawMs += performance.now() - t0;
    };

    const atlas = new Image();
    atlas.src = assets.atlas;
    void atlas
      .decode()
      .then(() => Promise.all(meta.sprites.map((s) => createImageBitmap(atlas, s.x, s.y, s.w, s.h))))
      .then((bitmaps) => {
        if (stopped) return bitmaps.forEach((b) => b.close());
        sprites = bitmaps;
        video.src = assets.loop;
        return video.play().then(() => {
          if (stopped) return;
          raf = requestAnimationFrame(draw);
          setReady(true);
          callbacks.current.onReady?.();
        });
      })
      .catch(() => !stopped && setFailed(playerMessages.loadFailed));
    return () => {
      stopped = true;
      cancelAnimationFrame(raf);
      video.pause();
      video.removeAttribute('src');
      sprites.forEach((b) => b.close());
      if (window.__livePlayerStats === stats) delete window.__livePlayerStats;
    };
  }, [assets]);

  const loop = assets?.meta.loop;
  return (
    <div
      className={className}
      style={{
        position: 'relative',
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {/* The loop plays in the video element itself; the canvas over it, the same size, holds the mouth. */}
      <video
        ref={videoRef}
        muted
        loop
        playsInline
        preload="auto"
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          visibility: loop ? 'visible' : 'hidden',
        }}
      />
      <canvas
        ref={canvasRef}
        data-testid="live-canvas"
        width={loop?.width ?? 2}
        height={loop?.height ?? 2}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          pointerEvents: 'none',
        }}
      />
      <audio
        ref={audioRef}
        data-testid="live-audio"
        preload="auto"
        onEnded={() => next.current()}
        onError={() => current.current && next.current()}
      />
      {!ready && !failed && (
        <div
          role="status"
          data-testid="live-preparing"
          style={{
            position: 'absolute',
            inset: 'auto 12px 16px',
            padding: '6px 12px',
            borderRadius: 6,
            textAlign: 'center',
            color: '#fff',
            background: 'rgba(0, 0, 0, 0.55)',
            fontSize: 13,
          }}
        >
          {playerMessages.preparing}
        </div>
      )}
      {failed && (
        <div
          role="alert"
          style={{
            position: 'absolute',
            inset: 'auto 0 16px',
            textAlign: 'center',
            color: '#fff',
            textShadow: '0 1px 2px #000',
          }}
        >
          {failed}
        </div>
      )}
    </div>
  );
});
