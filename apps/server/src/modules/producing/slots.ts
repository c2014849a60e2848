import { engineSlots, type SlotTable } from '../../platform/queue/engine-slots.js';
import { WORK_STATUS } from '../works/index.js';

const worksTable = {
  table: 'works',
  engine: 'engine',
  status: 'status',
  createdAt: 'created_at',
  job: 'render_job',
  leaseUntil: 'lease_until',
  waiting: WORK_STATUS.queued,
  running: WORK_STATUS.rendering,
  owner: { column: 'user_id' },
} satisfies SlotTable;

/** A multi-scene work's scenes: each renders on the work's engine as a studio work does (same status values). */
const scenesTable = {
  ...worksTable,
  table: 'multi_scenes',
  owner: { column: 'user_id', via: { table: 'works', key: 'work_id' } },
} satisfies SlotTable;

/** A long talking video's chunks: each renders on the work's engine as a work does (same status values). */
const chunksTable = {
  ...worksTable,
  table: 'talking_chunks',
  job: 'render_job',
  owner: { column: 'user_id', via: { table: 'works', key: 'work_id' } },
} satisfies SlotTable;

/**
 * Works take their engine's render slots: queued works wait, rendering works hold a lease, and a user's
 * works (and scenes) past their turn wait behind other users' earlier turns. Their place
 * in line (`queuePosition`) is what the gallery shows of a waiting work.
 */
export const workSlots = engineSlots({ ...worksTable, peers: [scenesTable, chunksTable] });

/** The scenes of multi-scene works share those slots and that line with the works. */
export const sceneSlots = engineSlots({ ...scenesTable, peers: [worksTable, chunksTable] });

/** The chunks of long talking videos share them too, each chunk a render of its own. */
export const chunkSlots = engineSlots({ ...chunksTable, peers: [worksTable, scenesTable] });
