import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { optionalChoice, optionalFlag, optionalText, paging, text } from '../fields.js';
import { strictParams } from './site.js';

/** States of a background job as the queue keeps them, with the jobs screen's labels. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const jobStateLabels: Record<JobState, string> = {
  created: '排队中',
  retry: '等待重试',
  active: '运行中',
  completed: '已完成',
  cancelled: '已取消',
  failed: '失败',
};
/** Jobs that failed for good are copied here (the dead-letter queue). */
export const DEAD_LETTER = 'dead-letter';

export const jobConsoleMessages = {
  missing: '任务不存在',
  notFailed: '只能处理失败的任务',
  retried: '任务已重新排队',
  noHold: '该任务没有冻结的积分',
  refunded: (n: number) => `已退还 ${n} 积分`,
  alreadyRefunded: '该任务的积分已退还，不能重复退还',
  settled: '该任务已结算，不能退还',
  idFormat: '任务编号格式不正确',
} as const;

export const consoleJobRow = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  retry_count: z.number().int(),
  retry_limit: z.number().int(),
  /** Place in its queue (1 = next) while waiting; 0 otherwise. */
  position: z.number().int(),
  create_time: z.string(),
  start_time: z.string(),
  finish_time: z.string(),
  /** The job's payload as JSON. */
  payload: z.string(),
  /** The last error's message; '' when none. */
  error: z.string(),
});
export type ConsoleJobRow = z.infer<typeof consoleJobRow>;

export const consoleJobHold = z.object({
  job_key: z.string(),
  user_id: z.number().int(),
  action_name: z.string(),
  held: z.number().int(),
  charged: z.number().int(),
  status: z.enum(['held', 'settled', 'refunded']),
});
export type ConsoleJobHold = z.infer<typeof consoleJobHold>;

const jobRef = { id: text({ max: 64, min: 1 }), queue: text({ max: 64, min: 1 }) };

export const listConsoleJobs = endpoint({
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'Background jobs by queue and state, newest first, with queue positions and counts per queue',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    queue: optionalText({ max: 64 }),
    state: optionalChoice(JOB_STATES),
    /** 1: also the queue's own housekeeping (sweeps, schedules) when no queue is chosen. */
    internal: optionalFlag(),
    ...paging,
  }),
  data: z.object({
    list: z.array(consoleJobRow),
    total: z.number().int(),
    counts: z.array(z.object({ queue: z.string(), state: z.enum(JOB_STATES), count: z.number().int() })),
    /** Every queue with jobs or declared: the operator's name for it, and whether it is housekeeping. */
    queues: z.array(z.object({ queue: z.string(), label: z.string(), internal: z.boolean() })),
  }),
});

export const consoleJobDetail = endpoint({
  method: 'GET',
  path: '/api/admin/jobs/detail',
  summary: 'One job with its full error and the credits it holds, if it is a paid job',
  tag: 'admin',
  auth: 'operator',
  params: strictParams(jobRef),
  data: z.object({ job: consoleJobRow, stack: z.string(), hold: consoleJobHold.nullable() }),
});

export const retryConsoleJob = endpoint({
  method: 'POST',
  path: '/api/admin/jobs/retry',
  summary: 'Queue a failed job to run again',
  tag: 'admin',
  auth: 'operator',
  params: strictParams(jobRef),
  data: z.null(),
});

export const refundConsoleJob = endpoint({
  method: 'POST',
  path: '/api/admin/jobs/refund',
  summary: "Give back a failed job's held credits through the ledger; once only",
  tag: 'admin',
  auth: 'operator',
  params: strictParams(jobRef),
  data: z.object({ credits: z.number().int() }),
});
