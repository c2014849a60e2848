import { asc, eq } from 'drizzle-orm';
import type { WriteTopic } from '@app/contract';
import { writeTopics } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import type { CurationFacts, CurationKeeper } from '../../platform/db/curation-item.js';

/** The first topics of the AI-write dialog; afterwards the operator's rows are what the studio shows. */
export const seedWriteTopics: { name: string; list: string[] }[] = [
  { name: '口播带货', list: ['美妆护肤', '食品饮料', '家居好物', '数码家电'] },
  { name: '知识分享', list: ['职场技能', '健康养生', '理财常识', '育儿经验'] },
  { name: '企业宣传', list: ['品牌介绍', '产品发布', '招聘宣讲', '活动邀请'] },
  { name: '生活日常', list: ['旅行分享', '美食探店', '节日祝福', '情感故事'] },
];

export async function insertSeedWriteTopics(tx: Db): Promise<void> {
  await tx
    .insert(writeTopics)
    .values(seedWriteTopics.map((t, i) => ({ name: t.name, subTopics: t.list, sort: i + 1 })));
}

/** The topics in the operator's order, each with its sub-topics as `{ name }`; hidden ones are left out. */
export async function listWriteTopics(db: Db): Promise<WriteTopic[]> {
  const rows = await db
    .select()
    .from(writeTopics)
    .where(eq(writeTopics.hidden, false))
    .orderBy(asc(writeTopics.sort), asc(writeTopics.id));
  return rows.map((r) => ({ name: r.name, list: r.subTopics.map((name) => ({ name })) }));
}

const topicFacts = (r: typeof writeTopics.$inferSelect): CurationFacts => ({
  id: r.id,
  name: r.name,
  // The console edits the sub-topics one per line.
  content: r.subTopics.join('\n'),
  groupId: 0,
  isMulti: 1,
  imageKey: '',
  imageTailKey: '',
  hidden: r.hidden,
  sort: r.sort,
});
const subTopicsOf = (content: string) =>
  content
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/** The AI-writing topics as the console curates them: name, sub-topics, order, hidden. */
export const writeTopicCuration: CurationKeeper = {
  async list(db) {
    const rows = await db.select().from(writeTopics).orderBy(asc(writeTopics.sort), asc(writeTopics.id));
    return rows.map(topicFacts);
  },
  async find(db, id) {
    const [row] = await db.select().from(writeTopics).where(eq(writeTopics.id, id)).for('update');
    return row ? topicFacts(row) : null;
  },
  async insert(db, v) {
    const [row] = await db
      .insert(writeTopics)
      .values({ name: v.name, subTopics: subTopicsOf(v.content), hidden: v.hidden, sort: v.sort })
      .returning({ id: writeTopics.id });
    return row!.id;
  },
  async update(db, id, v) {
    await db
      .update(writeTopics)
      .set({ name: v.name, subTopics: subTopicsOf(v.content), hidden: v.hidden, sort: v.sort })
      .where(eq(writeTopics.id, id));
  },
};
