/** Titles of the three agreements (`type` of /api/index/protocol2). */
export const agreementTitles = {
  user: '用户协议',
  privacy: '隐私条款',
  clone: '本平台音色克隆使用规范',
} as const;

/** What the shell shows when site settings leave a field empty (spec 000 §1). */
export const siteDefaults = {
  siteTitle: 'AI超级数字人',
  bannerTitle: '输入一段文案，数字人替你开口',
  bannerSubtitle: '克隆你的形象与声音，或挑选公共数字人，几分钟生成一条真人口播视频',
} as const;

/** Titles of the operator's texts: the server seeds and serves them, the web app heads its pages with them. */
export const siteTextTitles = {
  creditsRule: '积分规则',
  usageGuide: '使用教程',
} as const;

/** Names of the theme palettes (spec 000 §3). */
export const themeNames = {
  dark: '深色',
  light: '浅色',
} as const;

/** Palette ids (spec 000 §3): 1 dark (default), 2 light. Kept beside the words, free of schemas, for the first paint. */
export const ThemeId = { dark: 1, light: 2 } as const;
