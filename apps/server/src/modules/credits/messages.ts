
/** Server-written texts of the credits feature that the shared contract does not carry. */
export const creditsMessages = {
  /** Ledger row when a job is settled below its hold and the rest goes back. */
  settleReturn: (action: string) => `${action}（按实际用量返还）`,
  /** Ledger row when a failed job's credits go back in full. */
  refund: (action: string) => `${action}（失败退还）`,
} as const;
