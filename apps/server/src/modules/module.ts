import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  commonMessages,
  type AuditAction,
  type ConsoleDashboard,
  type CurationKind,
  type Endpoint,
  engineNeedMessages,
  type EngineToolRow,
  type LibraryKind,
  type ToolState,
} from '@app/contract';
import type { AppConfig } from '../config.js';
import type { SessionUser } from '../platform/auth/tokens.js';
import type { Db } from '../platform/db/client.js';
import { AppError } from '../platform/errors.js';
import { TEXT_CHANNEL } from '../engines/text/index.js';
import { TRANSCRIPTION_CHANNEL } from '../engines/transcription/index.js';
import type { CurationKeeper } from '../platform/db/curation-item.js';
import type { LibraryConsole } from '../platform/db/library-table.js';
import type { MigrationFolder } from '../platform/db/module-migrations.js';
import type { RouteDef } from '../platform/protocol/route.js';
import type { AppContext } from '../platform/context.js';
import type { ChannelKind } from '../platform/channels/keeper.js';
import type { JobDefinition, JobHandlers, JobMap } from '../platform/queue/jobs.js';

export type { JobDefinition, JobHandlers, JobHold } from '../platform/queue/jobs.js';

/** A module's background jobs: what it declares (its `jobs.ts`) and the one handler of each. */
export interface ModuleJobs<Jobs extends JobMap> {
  declared: Jobs;
  handlers: (ctx: AppContext) => JobHandlers<Jobs>;
}

/**
 * Ties a module's handlers to its declarations: `tsc` checks that every declared job is handled, and
 * the app serves exactly the jobs its registered modules declare.
 */
export const handlersOf = <const Jobs extends JobMap>(
  declared: Jobs,
  build: (ctx: AppContext) => JobHandlers<NoInfer<Jobs>>,
): ModuleJobs<Jobs> => ({ declared, handlers: build });

/**
 * A scheduled job that takes nothing and runs on one worker at a time: the sweeps and write-offs the
 * modules declare. A sweep that runs again within minutes anyway needs no retries.
 */
export const sweepJob = (options: { cron: string; expireInSeconds: number; retryLimit: number }) =>
  ({ payload: z.object({}), concurrency: 1, ...options }) satisfies JobDefinition;

/** No jobs: a module that declares none. */
type NoJobs = Record<never, never>;

/** One change an operator made in the console, as the audit log keeps it. */
export interface AuditEntry {
  /** One of the contract's audit actions, whose label the audit screen shows; another is shown as written. */
  action: AuditAction | (string & {});
  target: string;
  before?: unknown;
  after?: unknown;
}

/** What the console hands each module's section: the audit log and the public picture store. */
export interface ConsoleKit {
  /** Writes one audit row; pass the transaction of the change so both land or neither does. */
  audit(db: Db, actor: SessionUser, entry: AuditEntry): Promise<void>;
  /**
   * Takes a picture the operator has just uploaded (the URL `upload/complete` gave) into public
   * storage under `dir`; returns its key. Refuses another user's file, a non-picture, a too large one.
   */
  publishPicture(actor: SessionUser, url: string, dir: string): Promise<string>;
  /**
   * Refuses (and writes to the audit log) a change of `action` by `actor` to another account it may not
   * manage: an operator manages users only, and an administrator is changed by nobody but itself.
   */
  guardTarget(actor: SessionUser, targetId: number, action: AuditAction): Promise<void>;
}

/** Figures a module adds to the console's dashboard, read for the days since `since`. */
export type DashboardFigures = (db: Db, since: Date) => Promise<Partial<ConsoleDashboard>>;

/** A curated list the module keeps; pictures the operator gives it go under `pictureDir` when set. */
export type ConsoleCuration = CurationKeeper & { pictureDir?: string };

/** A tile of the tool launcher (/store) a module brings; the web feature of the same key draws it. */
export interface ToolTile {
  /** The key the operator switches in site settings (`store_tools`) and the web feature names. */
  key: string;
  /** Whether a new site has it on; on unless said. */
  on?: boolean;
}

/**
 * A tool a user opens (a launcher tile or a menu entry, by the same key) that needs engines this site may not
 * have configured. Its state goes out with the site settings, so the web shows it before any click; its paying
 * calls are refused, in the user's words, before anything is reserved while it cannot work.
 */
export interface ToolCapability {
  key: string;
  /** How the console's engines screen names it. */
  label: string;
  /** What the operator still has to configure, in the operator's words (engineNeedMessages); empty when it works. */
  missing(ctx: AppContext): string[];
  /** The calls that spend on it: answered with code 1 and the user's words while anything is missing. */
  gates: readonly Endpoint[];
}

/** What the app hands each module besides the context: every module registered with it, in order. */
export interface Registered {
  modules: readonly FeatureModule[];
}

/**
 * A feature of the product and everything it owns: its calls, its console section, its jobs,
 * its launcher tiles, its tables' migrations and its first-start content. Adding a
 * feature is its folder and one line in the module list.
 */
export interface FeatureModule<Jobs extends JobMap = NoJobs> {
  name: string;
  routes?: (ctx: AppContext, app: Registered) => RouteDef[];
  /** The jobs the module declares, with their handlers; a job name declared twice stops start-up. */
  jobs?: ModuleJobs<Jobs>;
  /** Calls that need more than the form body parser (multipart uploads), registered in their own scope. */
  http?: (scope: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** The kinds of channel or price it owns; the console's channel screen lists and edits them. */
  channels?: ChannelKind<AppContext>[];
  /** Idempotent: runs at every start, writes only what is missing. */
  seed?: (ctx: AppContext) => Promise<void>;
  /**
   * The module's section of the operator console: its /api/admin calls (each endpoint says which
   * role it needs), built with the console's audit log. The console gathers them.
   */
  console?: (ctx: AppContext, kit: ConsoleKit) => RouteDef[];
  /** Figures the console's dashboard shows of this module. */
  dashboard?: DashboardFigures;
  /** Its public libraries, edited on the console's library screen with the others. */
  libraries?: Partial<Record<LibraryKind, LibraryConsole>>;
  /** Its curated lists (recommended prompts, topics…), edited on the console's content screen. */
  curation?: Partial<Record<CurationKind, ConsoleCuration>>;
  /** Its tiles in the tool launcher. */
  tools?: ToolTile[];
  /** Its tools that need configured engines (those that need none are always available and not listed). */
  capabilities?: ToolCapability[];
  /**
   * The folder of its own migrations (relative to the server's folder, or absolute), each file named
   * `<YYYYMMDDHHMMSS>_<name>.sql`, run once per database after the product's numbered migrations.
   */
  migrations?: string;
}

/** The modules' migrations folders, as the database opener takes them. */
export const migrationFoldersOf = (modules: readonly FeatureModule[], config: AppConfig): MigrationFolder[] =>
  modules.flatMap((m) =>
    m.migrations ? [{ owner: m.name, dir: path.resolve(path.dirname(config.migrationsDir), m.migrations) }] : [],
  );

/** Every tile of the registered modules, in module order; a key brought twice stops the start. */
export function toolTilesOf(modules: readonly FeatureModule[]): Required<ToolTile>[] {
  const seen = new Set<string>();
  return modules.flatMap((m) =>
    (m.tools ?? []).map((t) => {
      if (seen.has(t.key)) throw new Error(`tool tile "${t.key}" is brought twice`);
      seen.add(t.key);
      return { key: t.key, on: t.on ?? true };
    }),
  );
}

/** The engines a tool may need, each checked against the engines configured now. */
const engineChecks = {
  chatModel: (ctx: AppContext) => ctx.engines.chat.isConfigured('v3'),
  textModel: (ctx: AppContext) => ctx.engines.text.isConfigured(TEXT_CHANNEL),
  transcription: (ctx: AppContext) => ctx.engines.transcription.isConfigured(TRANSCRIPTION_CHANNEL),
  image: (ctx: AppContext) => ctx.engines.image.channels().some((c) => c.available),
  video: (ctx: AppContext) => ctx.engines.videoGeneration.channels().some((c) => c.available),
} satisfies Record<keyof typeof engineNeedMessages, (ctx: AppContext) => boolean>;
export type EngineNeed = keyof typeof engineChecks;

/** A tool's `missing`: of the engines it needs, those not configured, in the operator's words. */
export const needsEngines =
  (...needs: EngineNeed[]) =>
  (ctx: AppContext): string[] =>
    needs.filter((n) => !engineChecks[n](ctx)).map((n) => engineNeedMessages[n]);

/** Every tool the registered modules declare, in module order; a key declared twice stops the start. */
export function capabilitiesOf(modules: readonly FeatureModule[]): ToolCapability[] {
  const seen = new Set<string>();
  return modules.flatMap((m) =>
    (m.capabilities ?? []).map((c) => {
      if (seen.has(c.key)) throw new Error(`tool capability "${c.key}" is declared twice`);
      seen.add(c.key);
      return c;
    }),
  );
}

/** The console's view: per tool, what the operator still has to configure. Read now: engines change live. */
export const toolNeeds = (ctx: AppContext, tools: readonly ToolCapability[]): EngineToolRow[] =>
  tools.map((t) => {
    const missing = t.missing(ctx);
    return { key: t.key, label: t.label, available: missing.length === 0, missing };
  });

/** The users' view, sent with the site settings: available or not, and why in their words. */
export const toolStates = (ctx: AppContext, tools: readonly ToolCapability[]): Record<string, ToolState> =>
  Object.fromEntries(
    toolNeeds(ctx, tools).map((t) => [
      t.key,
      { available: t.available, reason: t.available ? '' : commonMessages.toolUnavailable },
    ]),
  );

/**
 * Puts each tool's gate in front of the calls that spend on it: while the tool cannot work the call is answered
 * with code 1 and the user's words before its handler runs, so nothing is reserved, charged or refunded.
 */
export function gateRoutes(ctx: AppContext, tools: readonly ToolCapability[], routes: RouteDef[]): RouteDef[] {
  return routes.map((r) => {
    const guards = tools.filter((t) => t.gates.includes(r.endpoint));
    if (!guards.length) return r;
    const refuseWhileMissing = () => {
      if (guards.some((t) => t.missing(ctx).length > 0)) throw new AppError(commonMessages.toolUnavailable);
    };
    if (r.kind === 'json') {
      const handler = r.handler;
      return {
        ...r,
        handler: async (c) => {
          refuseWhileMissing();
          return handler(c);
        },
      };
    }
    const handler = r.handler;
    return {
      ...r,
      handler: async (c) => {
        refuseWhileMissing();
        return handler(c);
      },
    };
  });
}

type JobsOfOne<M> = M extends FeatureModule<infer Jobs> ? Jobs : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The job map of a list of modules: every job each of them declares. */
export type JobsOf<Modules extends readonly FeatureModule[]> = Intersection<JobsOfOne<Modules[number]>>;
