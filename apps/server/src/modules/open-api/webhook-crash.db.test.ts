import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiWebhookDeliveries, type ApiWebhookDeliveryRow } from '@app/contract';
import { apiAndWorker, callServer, childServerEnv, withApp } from '../../../test/child-server.js';
import { backend, freshDatabase, waitFor } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { apiWebhookDeliveries, apiWebhookEndpoints } from '../../db/schema/index.js';

/**
 * kill -9 of the worker while a webhook delivery is in flight: the receiver has the request and has
 * not answered when the worker dies. After the restart the delivery is attempted again (the same
 * X-Webhook-Id, freshly signed) and acknowledged once. On PostgreSQL only the worker of a split
 * deployment dies; on the embedded database its one process dies and starts again.
 */
const RECEIVER = '127.0.0.2';
const SECRET = 'whsec_crash_test_secret_0123456789abcdef';
let dir: string;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let servers: Awaited<ReturnType<typeof apiAndWorker>> | null = null;
let receiver: FakeServer;
const split = backend === 'postgres';
/** While true the receiver takes requests and never answers them. */
let holding = true;
const held: ServerResponse[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-crash-'));
  db = await freshDatabase();
  receiver = await startLoopbackFake({
    host: RECEIVER,
    handle: (_req, _i, res) => {
      if (!holding) return { status: 200, text: 'ok' };
      held.push(res);
    },
  });
  servers = await apiAndWorker(
    {
      ...(await childServerEnv(dir, db.env)),
      TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER,
      WEBHOOK_RETRY_SECONDS: '1,1,1',
    },
    dir,
    split,
  );
});
afterAll(async () => {
  await servers?.stop('SIGKILL');
  for (const res of held) res.destroy();
  await receiver?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a webhook delivery whose worker is killed with kill -9 mid-attempt', () => {
  it('is attempted again after the restart and acknowledged once', async () => {
    const setup = await withApp(servers!.env, async (ctx) => {
      const frank: TestAccount = await newAccount({ ctx });
      const d = ctx.database.db;
      const [endpoint] = await d
        .insert(apiWebhookEndpoints)
        .values({ userId: frank.id, url: `${receiver.url}/hook`, events: ['avatar_video.success'], secret: SECRET })
        .returning();
      const [delivery] = await d
        .insert(apiWebhookDeliveries)
        .values({
          endpointId: endpoint!.id,
          userId: frank.id,
          workId: 424242,
          eventType: 'avatar_video.success',
          eventData: { video_id: '424242', url: null, callback_id: 'crash-1' },
        })
        .returning();
      // Due once this set-up has let go of the database and the server has started.
      await ctx.queue.send('open-api.webhook-delivery', { deliveryId: delivery!.id }, { startAfter: 5 });
      return { frank, deliveryId: delivery!.id };
    });
    const { api, worker } = servers!;
    await api.start();
    if (split) await worker.start('worker');
    await waitFor('the receiver to hold the first attempt', async () => receiver.requests.length >= 1, 90_000);
    await worker.stop('SIGKILL');
    holding = false;
    if (!split) await api.start('server again');
    else await worker.start('worker again');

    const deliveries = async () =>
      (
        await callServer<{ list: ApiWebhookDeliveryRow[] }>(
          servers!.env,
          'GET',
          listApiWebhookDeliveries.path,
          { page: 1, limit: 10 },
          setup.frank.token,
        )
      ).data.list;
    const done = await waitFor(
      'the delivery to be acknowledged',
      async () => (await deliveries()).find((x) => x.id === setup.deliveryId && x.status === 'delivered'),
      180_000,
    );
    // The attempt that died unanswered, then the one that was acknowledged; nothing after it.
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests as [(typeof receiver.requests)[0], (typeof receiver.requests)[0]];
    expect(first.headers['x-webhook-id']).toBe(String(setup.deliveryId));
    expect(second.headers['x-webhook-id']).toBe(String(setup.deliveryId));
    const signed = String(second.headers['x-webhook-signature']);
    const stamp = /t=(\d+)/.exec(signed)?.[1];
    const expected = createHmac('sha256', SECRET).update(`${stamp}.${second.raw.toString('utf8')}`).digest('hex');
    expect(signed).toBe(`t=${stamp},v1=${expected}`);
    expect(second.json()).toMatchObject({ event_type: 'avatar_video.success', event_data: { video_id: '424242' } });
    expect(done.attempts.filter((a) => a.http_status === 200)).toHaveLength(1);
  }, 420_000);
});
