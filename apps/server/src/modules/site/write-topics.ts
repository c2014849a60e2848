import { asc } from 'drizzle-orm';
import type { WriteTopic } from '@app/contract';
import { writeTopics } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

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

/** The topics in the operator's order, each with its sub-topics as `{ name }`. */
export async function listWriteTopics(db: Db): Promise<WriteTopic[]> {
  const rows = await db.select().from(writeTopics).orderBy(asc(writeTopics.sort), asc(writeTopics.id));
  return rows.map((r) => ({ name: r.name, list: r.subTopics.map((name) => ({ name })) }));
}
