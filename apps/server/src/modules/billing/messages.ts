/** Server-written texts of the credits feature that the shared contract does not carry. */
export const creditsMessages = {
  /** Ledger row when a job is settled below its hold and the rest goes back. */
  settleReturn: (action: string) => `${action}（按实际用量返还）`,
  /** Ledger row when a job's real amount runs beyond its hold and the difference is taken. */
  settleExtra: (action: string) => `${action}（超出冻结补扣）`,
  /** The same, when the balance could not cover the difference: what stayed unpaid is named. */
  settleShort: (action: string, unpaid: number) => `${action}（超出冻结补扣，余额不足，${unpaid} 积分未扣）`,
  /** Ledger row when a failed job's credits go back in full. */
  refund: (action: string) => `${action}（失败退还）`,
} as const;
