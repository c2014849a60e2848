import {
  curationMessages as m,
  type ConsoleCurationItem,
  type CurationKind,
  type ParsedParamsOf,
  type saveConsoleCuration,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import type { CurationFacts, CurationValues } from '../../platform/db/curation-item.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import type { ConsoleCuration, FeatureModule } from '../module.js';
import { recordAudit } from './audit.js';
import { publishConsolePicture } from './console-picture.js';
import { keepersByKind } from './shared-screens.js';

/** Longest name each kind's table keeps. */
const NAME_MAX: Record<CurationKind, number> = {
  image_prompt: 64,
  video_prompt: 64,
  image_video_prompt: 64,
  inspiration_group: 32,
  inspiration_word: 32,
  write_topic: 32,
};

type SaveParams = ParsedParamsOf<typeof saveConsoleCuration>;

/** Kinds whose items carry a prompt text, and those whose content is required. */
const PROMPTS: readonly CurationKind[] = ['image_prompt', 'video_prompt', 'image_video_prompt'];

const audited = (f: CurationValues) => ({
  name: f.name,
  content: f.content,
  group_id: f.groupId,
  is_multi: f.isMulti,
  image: f.imageKey,
  image_tail: f.imageTailKey,
  hidden: f.hidden ? 1 : 0,
  sort: f.sort,
});

/**
 * The content screen: recommended prompts, inspiration groups and words, AI-writing topics. Each kind
 * is kept by the module that owns its table; pictures are taken into public storage; every add and
 * edit is audited with the state before and after.
 */
export function consoleCuration(ctx: AppContext, modules: readonly FeatureModule[]) {
  const db = ctx.database.db;
  const url = (key: string) => fileUrl(ctx, key);
  const keepers = keepersByKind<CurationKind, ConsoleCuration>(
    modules.map((mod) => mod.curation),
    m.missing,
  );
  const keeperOf = keepers.of;
  const pictureDir = (kind: CurationKind) => keepers.find(kind)?.pictureDir ?? `public/curation/${kind}/`;

  const wire = (f: CurationFacts): ConsoleCurationItem => ({
    id: f.id,
    name: f.name,
    content: f.content,
    group_id: f.groupId,
    is_multi: f.isMulti,
    image: url(f.imageKey),
    image_tail: url(f.imageTailKey),
    hidden: f.hidden ? 1 : 0,
    sort: f.sort,
  });

  /** The values a save asks for, checked for its kind; pictures are published before the transaction. */
  async function valuesOf(actor: SessionUser, p: SaveParams, before: CurationFacts | null): Promise<CurationValues> {
    const name = p.name.trim();
    if (!name) throw new AppError(m.nameRequired);
    if ([...name].length > NAME_MAX[p.kind]) throw new AppError(m.nameTooLong(NAME_MAX[p.kind]));
    const content = (p.content ?? '').trim();
    if (PROMPTS.includes(p.kind) && !content) throw new AppError(m.contentRequired);
    if (p.kind === 'write_topic' && !content.split('\n').some((x) => x.trim())) throw new AppError(m.subTopicsRequired);
    let groupId = 0;
    if (p.kind === 'inspiration_word') {
      groupId = p.group_id ?? before?.groupId ?? 0;
      if (!groupId) throw new AppError(m.groupRequired);
      if (!(await keeperOf('inspiration_group').find(db, groupId))) throw new AppError(m.groupMissing);
    }
    const takesPictures = p.kind === 'image_video_prompt' || p.kind === 'inspiration_word';
    const picture = async (sent: string | undefined, kept: string) =>
      sent && takesPictures ? publishConsolePicture(ctx, actor, sent, pictureDir(p.kind)) : kept;
    const imageKey = await picture(p.image, before?.imageKey ?? '');
    const imageTailKey = p.clear_image_tail === 1 ? '' : await picture(p.image_tail, before?.imageTailKey ?? '');
    if (p.kind === 'image_video_prompt' && !imageKey) throw new AppError(m.imageRequired);
    return {
      name,
      content: p.kind === 'inspiration_group' || p.kind === 'inspiration_word' ? '' : content,
      groupId,
      isMulti: p.kind === 'inspiration_group' ? (p.is_multi === 0 ? 0 : 1) : 1,
      imageKey,
      imageTailKey: p.kind === 'image_video_prompt' ? imageTailKey : '',
      hidden: p.hidden === 1,
      sort: p.sort,
    };
  }

  return {
    async list(kind: CurationKind): Promise<ConsoleCurationItem[]> {
      return (await keeperOf(kind).list(db)).map(wire);
    },
    /** Adds (no id) or edits one item; returns its id and whether it is new. */
    async save(actor: SessionUser, p: SaveParams): Promise<{ id: number; created: boolean }> {
      const keeper = keeperOf(p.kind);
      const existing = p.id ? await keeper.find(db, p.id) : null;
      if (p.id && !existing) throw new AppError(m.missing);
      const values = await valuesOf(actor, p, existing);
      return db.transaction(async (tx) => {
        if (!p.id) {
          const id = await keeper.insert(tx, values);
          await recordAudit(tx, actor, {
            action: 'curation.create',
            target: `curation:${p.kind}:${id}`,
            after: audited(values),
          });
          return { id, created: true };
        }
        const before = await keeper.find(tx, p.id);
        if (!before) throw new AppError(m.missing);
        await keeper.update(tx, p.id, values);
        await recordAudit(tx, actor, {
          action: 'curation.update',
          target: `curation:${p.kind}:${p.id}`,
          before: audited(before),
          after: audited(values),
        });
        return { id: p.id, created: false };
      });
    },
  };
}
