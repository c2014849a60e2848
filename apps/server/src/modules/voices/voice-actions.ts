/** How voice charges read in the credit log. */
export const voiceActions = {
  clone: (channelName: string) => `声音克隆（${channelName}）`,
} as const;
