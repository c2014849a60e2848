import type { TranscriptionLanguage } from '../../engines/index.js';

/** The `kind` of a translated video in the works table; the gallery lists it under `type` fy (翻译视频). */
export const TRANSLATE_KIND = 'translate';
export const TRANSLATE_WORK_TYPE = 'fy';

export interface LanguageLabel {
  id: TranscriptionLanguage;
  name: string;
  icon: string;
  /** How the text model is told the language. */
  prompt: string;
}

/** The languages offered, in the picker's order; each is shown only where the configured engines support it. */
export const TRANSLATE_LANGUAGES: LanguageLabel[] = [
  { id: 'zh', name: '中文', icon: '🇨🇳', prompt: '中文（简体）' },
  { id: 'en', name: '英语', icon: '🇺🇸', prompt: '英语' },
  { id: 'ja', name: '日语', icon: '🇯🇵', prompt: '日语' },
  { id: 'ko', name: '韩语', icon: '🇰🇷', prompt: '韩语' },
  { id: 'es', name: '西班牙语', icon: '🇪🇸', prompt: '西班牙语' },
  { id: 'fr', name: '法语', icon: '🇫🇷', prompt: '法语' },
  { id: 'de', name: '德语', icon: '🇩🇪', prompt: '德语' },
  { id: 'ru', name: '俄语', icon: '🇷🇺', prompt: '俄语' },
  { id: 'pt', name: '葡萄牙语', icon: '🇧🇷', prompt: '葡萄牙语' },
  { id: 'ar', name: '阿拉伯语', icon: '🇸🇦', prompt: '阿拉伯语' },
];

export const languageLabel = (id: string) => TRANSLATE_LANGUAGES.find((l) => l.id === id);

/** What the offline speech engine can say: Chinese and English (espeak-ng with pinyin). */
export const OFFLINE_DUB_LANGUAGES: readonly string[] = ['zh', 'en'];

/** Voice channels that clone a voice from a sample, in the order the dubbing picks the first configured one. */
export const CLONING_VOICE_CHANNELS = ['fish', 'mm', 'kyy', 'nw', 'hs'] as const;

/** Prices written at first start; operators change them in `video_translate_channels`. */
export const TRANSLATE_CHANNEL_SEEDS = [
  { mode: 2, name: '声音翻译', credits: 2 },
  { mode: 1, name: '口型翻译', credits: 4 },
] as const;

/** Works-table channel key of each mode (the row's `channel`). */
export const channelKeyOf = (mode: number) => (mode === 1 ? 'sea1' : 'sea2');
