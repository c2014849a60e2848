import {
  ENGINE_SPECS,
  engineConsoleMessages as m,
  engineSpec,
  type EngineId,
  type EngineSettingsRow,
  type EngineSpec,
} from '@app/contract';
import { parseSetting, setByEnv, type AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { maskSecret, type EngineSettingsStore, type SettingWrite } from '../../platform/engine-settings/index.js';
import { testConnection } from '../../engines/connection-test.js';
import { recordAudit } from './audit.js';

const shown = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The engines screen: every value says where it comes from; a secret is never sent back in clear. */
export function consoleEngines(db: Db, config: AppConfig, store: EngineSettingsStore) {
  const row = (spec: EngineSpec): EngineSettingsRow => ({
    id: spec.id,
    label: spec.label,
    desc: spec.desc,
    fields: spec.fields.map((f) => {
      const env = setByEnv(config, f.key);
      const kept = store.keptValue(f.key);
      const source = env ? 'env' : kept !== undefined ? 'console' : 'default';
      const raw = env ? shown((config as unknown as Record<string, unknown>)[f.key]) : (kept ?? '');
      const fallback =
        source === 'default' && !f.secret ? shown((config as unknown as Record<string, unknown>)[f.key]) : '';
      return {
        key: f.key,
        label: f.label,
        kind: f.kind,
        secret: f.secret ? 1 : 0,
        value: f.secret ? maskSecret(raw) : raw || fallback,
        source,
      };
    }),
  });
  /** What an audit row keeps of an engine's console values: secrets masked. */
  const snapshot = (spec: EngineSpec) =>
    Object.fromEntries(
      spec.fields.flatMap((f) => {
        const v = store.keptValue(f.key);
        return v === undefined ? [] : [[f.key, f.secret ? maskSecret(v) : v]];
      }),
    );

  return {
    list: (): EngineSettingsRow[] => ENGINE_SPECS.map(row),

    async save(actor: SessionUser, p: { engine: EngineId; values: string; clear?: string }) {
      const spec = engineSpec(p.engine);
      if (!spec) throw new AppError(m.unknown);
      let values: unknown;
      try {
        values = JSON.parse(p.values || '{}');
      } catch {
        throw new AppError(m.valuesFormat);
      }
      if (!values || typeof values !== 'object' || Array.isArray(values)) throw new AppError(m.valuesFormat);
      const field = (key: string) => {
        const f = spec.fields.find((x) => x.key === key);
        if (!f) throw new AppError(m.fieldUnknown(key));
        if (setByEnv(config, key)) throw new AppError(m.envLocked(key));
        return f;
      };
      const writes = new Map<string, SettingWrite>();
      for (const [key, v] of Object.entries(values as Record<string, unknown>)) {
        const f = field(key);
        if (typeof v !== 'string' && typeof v !== 'number') throw new AppError(m.valuesFormat);
        const value = String(v).trim();
        if (!value) {
          // A blank secret keeps the stored one (the form never holds it); a blank plain field goes back to the default.
          if (!f.secret && store.keptValue(key) !== undefined) writes.set(key, { key, value: null, secret: false });
          continue;
        }
        if (!parseSetting(key, value).ok) throw new AppError(m.invalid(f.label));
        if (store.keptValue(key) !== value) writes.set(key, { key, value, secret: !!f.secret });
      }
      for (const key of (p.clear ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)) {
        field(key);
        if (store.keptValue(key) !== undefined) writes.set(key, { key, value: null, secret: false });
      }
      if (!writes.size) throw new AppError(m.nothingChanged);
      const before = snapshot(spec);
      await db.transaction(async (tx) => {
        await store.write(tx, actor.id, [...writes.values()]);
        const after = { ...before };
        for (const w of writes.values()) {
          const f = spec.fields.find((x) => x.key === w.key);
          if (w.value === null) delete after[w.key];
          else after[w.key] = f?.secret ? maskSecret(w.value) : w.value;
        }
        await recordAudit(tx, actor, { action: 'engine.settings', target: `engine:${spec.id}`, before, after });
      });
      await store.reload();
      return ENGINE_SPECS.map(row);
    },

    test: (engine: EngineId) => testConnection(engine, store.currentConfig()),
  };
}
