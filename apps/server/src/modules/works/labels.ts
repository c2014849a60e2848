import { workStatusNames } from '@app/contract';

/** Statuses of a work, whatever made it: 1 queued, 2 rendering, 3 done, 4 failed. */
export const WORK_STATUS = { queued: 1, rendering: 2, done: 3, failed: 4 } as const;

export const WORK_STATUS_NAMES: Record<number, string> = {
  1: workStatusNames.queued,
  2: workStatusNames.rendering,
  3: workStatusNames.done,
  4: workStatusNames.failed,
};
