import { z } from 'zod';
import { endpoint, id, noData, strictParams, text } from '@app/contract';

/** What the demonstration producer says. */
export const demoMessages = {
  submitted: '卡片已提交',
  hidden: '卡片已隐藏',
  missing: '卡片不存在',
  disabled: '演示卡片已停用',
  failed: '卡片生成失败',
} as const;

/** Orders one card: a paid job that writes a work into the gallery. */
export const createDemoCard = endpoint({
  method: 'POST',
  path: '/api/demo/cards',
  summary: 'Order a demonstration card (paid, made in the background, shown in the gallery)',
  tag: 'demo',
  auth: 'user',
  params: z.strictObject({ text: text({ max: 200 }) }),
  data: z.object({ id: z.number().int(), credits: z.number().int() }),
});

export const consoleDemoCard = z.object({
  id: z.number().int(),
  work_id: z.number().int(),
  text: z.string(),
  hidden: z.union([z.literal(0), z.literal(1)]),
});

/** The producer's console section: every card made. */
export const listConsoleDemoCards = endpoint({
  method: 'GET',
  path: '/api/admin/demo/cards',
  summary: 'Every demonstration card made',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ list: z.array(consoleDemoCard) }),
});

/** Hides one card; audited. */
export const hideConsoleDemoCard = endpoint({
  method: 'POST',
  path: '/api/admin/demo/cards/hide',
  summary: 'Hide a demonstration card',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id() }),
  data: noData,
});
