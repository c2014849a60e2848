/**
 * Runs `job` on every item with at most `limit` in flight, keeping the results in the items' order.
 * After a failure no further item is started; the promise rejects with the first failure once every
 * job already started has ended, so a caller's clean-up never runs under a job still writing.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    try {
      while (next < items.length && !failed) {
        const i = next++;
        results[i] = await job(items[i] as T);
      }
    } catch (e) {
      failed = true;
      throw e;
    }
  };
  const lanes = Math.max(1, Math.min(limit, items.length));
  const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failure = ended.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
