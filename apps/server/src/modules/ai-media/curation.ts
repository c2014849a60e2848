import { and, asc, eq } from 'drizzle-orm';
import { aiInspirationGroups, aiInspirationWords, aiPrompts } from '../../db/schema/index.js';
import type { CurationFacts, CurationKeeper } from '../../platform/db/curation-item.js';
import type { PromptKind } from './repo.js';

const none = { content: '', groupId: 0, isMulti: 1 as const, imageKey: '', imageTailKey: '' };

/** Recommended prompts of one page ('image', 'text' or 'image2video') as the console curates them. */
export function promptCuration(kind: PromptKind): CurationKeeper {
  const facts = (r: typeof aiPrompts.$inferSelect): CurationFacts => ({
    ...none,
    id: r.id,
    name: r.title,
    content: r.content,
    imageKey: r.imageKey,
    imageTailKey: r.imageTailKey,
    hidden: r.hidden,
    sort: r.sort,
  });
  const mine = (id: number) => and(eq(aiPrompts.kind, kind), eq(aiPrompts.id, id));
  return {
    async list(db) {
      const rows = await db
        .select()
        .from(aiPrompts)
        .where(eq(aiPrompts.kind, kind))
        .orderBy(asc(aiPrompts.sort), asc(aiPrompts.id));
      return rows.map(facts);
    },
    async find(db, id) {
      const [row] = await db.select().from(aiPrompts).where(mine(id)).for('update');
      return row ? facts(row) : null;
    },
    async insert(db, v) {
      const [row] = await db
        .insert(aiPrompts)
        .values({
          kind,
          title: v.name,
          content: v.content,
          imageKey: v.imageKey,
          imageTailKey: v.imageTailKey,
          // The alt text of a sample picture is its title.
          alt: v.name,
          hidden: v.hidden,
          sort: v.sort,
        })
        .returning({ id: aiPrompts.id });
      return row!.id;
    },
    async update(db, id, v) {
      await db
        .update(aiPrompts)
        .set({
          title: v.name,
          content: v.content,
          imageKey: v.imageKey,
          imageTailKey: v.imageTailKey,
          alt: v.name,
          hidden: v.hidden,
          sort: v.sort,
        })
        .where(mine(id));
    },
  };
}

/** Inspiration-word groups: name, one-word-at-a-time rule (is_multi 0), order, hidden. */
export const inspirationGroupCuration: CurationKeeper = {
  async list(db) {
    const rows = await db
      .select()
      .from(aiInspirationGroups)
      .orderBy(asc(aiInspirationGroups.sort), asc(aiInspirationGroups.id));
    return rows.map(groupFacts);
  },
  async find(db, id) {
    const [row] = await db.select().from(aiInspirationGroups).where(eq(aiInspirationGroups.id, id)).for('update');
    return row ? groupFacts(row) : null;
  },
  async insert(db, v) {
    const [row] = await db
      .insert(aiInspirationGroups)
      .values({ name: v.name, isMulti: v.isMulti, hidden: v.hidden, sort: v.sort })
      .returning({ id: aiInspirationGroups.id });
    return row!.id;
  },
  async update(db, id, v) {
    await db
      .update(aiInspirationGroups)
      .set({ name: v.name, isMulti: v.isMulti, hidden: v.hidden, sort: v.sort })
      .where(eq(aiInspirationGroups.id, id));
  },
};
function groupFacts(r: typeof aiInspirationGroups.$inferSelect): CurationFacts {
  return { ...none, id: r.id, name: r.name, isMulti: r.isMulti === 0 ? 0 : 1, hidden: r.hidden, sort: r.sort };
}

/** Inspiration words: name, group, demo picture, order, hidden. */
export const inspirationWordCuration: CurationKeeper = {
  async list(db) {
    const rows = await db
      .select()
      .from(aiInspirationWords)
      .orderBy(asc(aiInspirationWords.groupId), asc(aiInspirationWords.sort), asc(aiInspirationWords.id));
    return rows.map(wordFacts);
  },
  async find(db, id) {
    const [row] = await db.select().from(aiInspirationWords).where(eq(aiInspirationWords.id, id)).for('update');
    return row ? wordFacts(row) : null;
  },
  async insert(db, v) {
    const [row] = await db
      .insert(aiInspirationWords)
      .values({ groupId: v.groupId, name: v.name, demoKey: v.imageKey, hidden: v.hidden, sort: v.sort })
      .returning({ id: aiInspirationWords.id });
    return row!.id;
  },
  async update(db, id, v) {
    await db
      .update(aiInspirationWords)
      .set({ groupId: v.groupId, name: v.name, demoKey: v.imageKey, hidden: v.hidden, sort: v.sort })
      .where(eq(aiInspirationWords.id, id));
  },
};
function wordFacts(r: typeof aiInspirationWords.$inferSelect): CurationFacts {
  return { ...none, id: r.id, name: r.name, groupId: r.groupId, imageKey: r.demoKey, hidden: r.hidden, sort: r.sort };
}
