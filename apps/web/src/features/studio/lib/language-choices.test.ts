import { describe, expect, it } from 'vitest';
import { languageChoices, languagePath } from './language-choices';

// The shape GET /api/index/langList answers with (spec 001 §3: name, language, children).
const tree = [
  {
    name: '中文',
    language: 'zh',
    children: [
      { name: '普通话', language: 'zh' },
      { name: '粤语', language: 'yue' },
    ],
  },
  { name: '英语', language: 'en' },
  { name: '法语', language: 'fr' },
];

describe('language choices of the studio', () => {
  it('keeps the tree, cut to the languages the channel speaks', () => {
    expect(languageChoices(tree, ['zh', 'yue', 'en'])).toEqual([
      {
        value: 'zh',
        label: '中文',
        children: [
          { value: 'zh', label: '普通话' },
          { value: 'yue', label: '粤语' },
        ],
      },
      { value: 'en', label: '英语' },
    ]);
  });

  it('drops a group none of whose languages the channel speaks', () => {
    expect(languageChoices(tree, ['en', 'fr']).map((c) => c.label)).toEqual(['英语', '法语']);
    expect(languageChoices(tree, ['yue'])).toEqual([
      { value: 'zh', label: '中文', children: [{ value: 'yue', label: '粤语' }] },
    ]);
  });

  it('offers the whole tree to a channel that names no language', () => {
    expect(languageChoices(tree, []).map((c) => c.label)).toEqual(['中文', '英语', '法语']);
  });

  it('finds the chosen language in the tree, and nothing for the default', () => {
    const choices = languageChoices(tree, ['zh', 'yue', 'en']);
    expect(languagePath(choices, 'yue')).toEqual(['zh', 'yue']);
    expect(languagePath(choices, 'zh')).toEqual(['zh', 'zh']);
    expect(languagePath(choices, 'en')).toEqual(['en']);
    expect(languagePath(choices, 'fr')).toEqual([]);
    expect(languagePath(choices, '')).toEqual([]);
  });
});
