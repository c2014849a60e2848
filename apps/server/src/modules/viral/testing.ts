/** Prices of the viral tests, and the settings that point the deployment's model and links at loopback fakes. */
export const VIRAL_PRICES = { chat: 10, extract: 7, transcribe: 5 } as const;

/** A chat model at `chatUrl`, the prices above, and yt-dlp allowed to read the fake share page on 127.0.0.2. */
export const viralTestEnv = (chatUrl: string): Record<string, string> => ({
  AVATAR_CHANNELS: 'local=local',
  CHAT_MODEL_URL: chatUrl,
  CHAT_CREDITS: String(VIRAL_PRICES.chat),
  EXTRACTION_FREE_PER_DAY: '0',
  EXTRACTION_CREDITS: String(VIRAL_PRICES.extract),
  VIRAL_TRANSCRIBE_CREDITS: String(VIRAL_PRICES.transcribe),
  EXTRACTION_RESOLVERS: 'yt-dlp',
  TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
});
