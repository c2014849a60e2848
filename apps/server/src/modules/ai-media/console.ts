import {
  WORKFLOW_PLACEHOLDERS,
  WORKFLOW_REQUIRED,
  listConsoleWorkflows,
  saveConsoleWorkflow,
  workflowMessages as m,
  type ConsoleWorkflow,
  type WorkflowKind,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { ConsoleKit } from '../module.js';
import { workflowRepo } from './workflows.js';

/** Every {{name}} a template mentions, in any string of any node. */
function placeholdersIn(v: unknown, found = new Set<string>()): Set<string> {
  if (typeof v === 'string') for (const x of v.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) found.add(`{{${x[1]}}}`);
  else if (Array.isArray(v)) for (const x of v) placeholdersIn(x, found);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) placeholdersIn(x, found);
  return found;
}

/**
 * A template as the engine can use it: JSON of ComfyUI's API format (node id → { class_type, inputs }),
 * with the placeholders this kind needs and none the engine does not fill.
 */
export function parseWorkflow(kind: WorkflowKind, text: string): Record<string, unknown> {
  let graph: unknown;
  try {
    graph = JSON.parse(text);
  } catch {
    throw new AppError(m.notJson);
  }
  const nodes = graph && typeof graph === 'object' && !Array.isArray(graph) ? Object.values(graph) : [];
  const isNode = (n: unknown) => {
    const node = n as { class_type?: unknown; inputs?: unknown } | null;
    return (
      !!node &&
      typeof node === 'object' &&
      typeof node.class_type === 'string' &&
      !!node.inputs &&
      typeof node.inputs === 'object' &&
      !Array.isArray(node.inputs)
    );
  };
  if (!nodes.length || !nodes.every(isNode)) throw new AppError(m.notGraph);
  const used = placeholdersIn(graph);
  const missing = WORKFLOW_REQUIRED[kind].filter((p) => !used.has(p));
  if (missing.length) throw new AppError(m.missingPlaceholder(missing.join('、')));
  const known = new Set<string>(WORKFLOW_PLACEHOLDERS);
  const unknown = [...used].filter((p) => !known.has(p));
  if (unknown.length) throw new AppError(m.unknownPlaceholder(unknown.join('、')));
  return graph as Record<string, unknown>;
}

/** The ComfyUI templates screen: read, and replace after validation; audited; used from the next order on. */
function consoleWorkflows(ctx: AppContext, kit: ConsoleKit) {
  const db = ctx.database.db;
  return {
    async list(): Promise<ConsoleWorkflow[]> {
      return (await workflowRepo.all(db)).map((r) => ({
        kind: r.kind as WorkflowKind,
        name: r.name,
        graph: JSON.stringify(r.graph, null, 2),
        update_time: formatDateTime(r.updatedAt),
      }));
    },
    async save(actor: SessionUser, p: { kind: WorkflowKind; name: string; graph: string }): Promise<void> {
      const graph = parseWorkflow(p.kind, p.graph);
      const name = p.name.trim();
      await db.transaction(async (tx) => {
        const before = await workflowRepo.find(tx, p.kind);
        await workflowRepo.save(tx, p.kind, name, graph);
        await kit.audit(tx, actor, {
          action: 'workflow.update',
          target: `workflow:${p.kind}`,
          before: before ? { name: before.name, graph: before.graph } : null,
          after: { name, graph },
        });
      });
    },
  };
}

/** The AI media section of the console: the ComfyUI templates its pictures and videos are made with. */
export function aiMediaConsole(ctx: AppContext, kit: ConsoleKit): RouteDef[] {
  const workflows = consoleWorkflows(ctx, kit);
  return [
    route(listConsoleWorkflows, async () => ({ list: await workflows.list() })),
    route(saveConsoleWorkflow, async ({ user, params }) => {
      await workflows.save(user, params);
      return ok(null, m.saved);
    }),
  ];
}
