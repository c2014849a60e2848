import { newScene, type Scene } from './scenes';
import { multiplesText as t } from '../messages';

/** Draft name of the unsent composition (lib/use-draft): the work's name, its scenes and its options. */
export const COMPOSER_DRAFT = 'multi-scene';

/** What the composer holds before it is submitted. */
export interface Composition {
  name: string;
  scenes: Scene[];
  driveMode: 'serial' | 'random';
  outputMode: 'video' | 'audio';
  channel: string | undefined;
}

/** The composer as it opens: the default name, one empty text scene, the default options. */
export const emptyComposition = (): Composition => ({
  name: t.defaultWorkName,
  scenes: [newScene('text')],
  driveMode: 'serial',
  outputMode: 'video',
  channel: undefined,
});

const hasWork = (c: Composition) =>
  (c.name.trim() !== '' && c.name !== t.defaultWorkName) ||
  c.scenes.length > 1 ||
  c.scenes.some((s) => s.text.trim() || s.audio || s.uploads.length || s.avatar || s.voice);

/** The composition as its draft is stored; '' when there is nothing a user would lose. */
export function toDraft(c: Composition): string {
  if (!hasWork(c)) return '';
  // Scene keys are the page's own counters: a restored composition is numbered afresh.
  return JSON.stringify({ ...c, scenes: c.scenes.map(({ key: _key, ...rest }) => rest) });
}

const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const withId = <T>(v: unknown): T | null => (typeof record(v)?.id === 'number' ? (v as T) : null);
const withFile = <T>(v: unknown): T | null => (typeof record(v)?.fileId === 'number' ? (v as T) : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 1);

function sceneOf(raw: unknown): Scene | null {
  const r = record(raw);
  if (!r) return null;
  const scene = newScene(r.type === 'audio' ? 'audio' : 'text');
  return {
    ...scene,
    text: typeof r.text === 'string' ? r.text : '',
    avatar: withId<Scene['avatar']>(r.avatar),
    voice: withId<Scene['voice']>(r.voice),
    rate: num(r.rate),
    volume: num(r.volume),
    pitch: num(r.pitch),
    audio: withFile<Scene['audio']>(r.audio),
    uploads: Array.isArray(r.uploads) ? r.uploads.flatMap((u) => withFile<Scene['audio']>(u) ?? []) : [],
  };
}

/** A stored draft back as a composition; an empty or unreadable one gives the empty composer. */
export function fromDraft(raw: string): Composition {
  const empty = emptyComposition();
  let stored: Record<string, unknown> | null;
  try {
    stored = record(raw ? JSON.parse(raw) : null);
  } catch {
    stored = null;
  }
  const scenes = Array.isArray(stored?.scenes) ? stored.scenes.flatMap((s) => sceneOf(s) ?? []) : [];
  if (!stored || scenes.length === 0) return empty;
  return {
    name: typeof stored.name === 'string' ? stored.name : empty.name,
    scenes,
    driveMode: stored.driveMode === 'random' ? 'random' : 'serial',
    outputMode: stored.outputMode === 'audio' ? 'audio' : 'video',
    channel: typeof stored.channel === 'string' ? stored.channel : undefined,
  };
}
