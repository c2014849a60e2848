import type { SpeechVoice } from '../../engines/speech/index.js';
import type { Db } from '../../platform/db/client.js';

/** What works need from the credits ledger (accounts feature); bound in modules/index.ts. */
export interface WorkCredits {
  balance(db: Db, userId: number): Promise<number>;
  /** Holds `amount` under `jobKey` inside the caller's transaction; throws when the balance is short. */
  reserve(tx: Db, userId: number, amount: number, jobKey: string, actionName: string): Promise<void>;
  /** Charges the real amount (never above the hold), returns the rest; idempotent by key. */
  settle(db: Db, jobKey: string, realAmount: number): Promise<{ charged: number } | null>;
  /** Returns everything taken for the key; idempotent. */
  refund(db: Db, jobKey: string): Promise<void>;
}

/** A voice as the studio checks and speaks it (voices feature); generate_status 1 training, 3 failed. */
export interface StudioVoice {
  id: number;
  /** Null for a public voice. */
  userId: number | null;
  generateStatus: number;
  /** Voice channel key: local, fish, hs, xf, nw, mm, kyy. */
  api: string;
  speech: SpeechVoice;
}

export interface StudioVoices {
  find(db: Db, voiceId: number): Promise<StudioVoice | null>;
}
