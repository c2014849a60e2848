/** Language choices of speech and translation (spec 001 §3 "language option tree"). */
export const LANGUAGE_TREE = [
  {
    name: '中文',
    language: 'zh',
    children: [
      { name: '普通话', language: 'zh' },
      { name: '粤语', language: 'yue' },
    ],
  },
  { name: '英语', language: 'en' },
  { name: '日语', language: 'ja' },
  { name: '韩语', language: 'ko' },
  { name: '法语', language: 'fr' },
  { name: '德语', language: 'de' },
  { name: '西班牙语', language: 'es' },
];

/** Name of a language code for the text model's prompt; unknown codes pass through. */
export function languageName(code: string): string {
  for (const l of LANGUAGE_TREE) {
    if (l.language === code) return l.name;
    const child = l.children?.find((c) => c.language === code);
    if (child) return child.name;
  }
  return code;
}
