import type { LanguageOption } from '../../../entities/voices';

/** One choice of the language picker: a language to speak, or a group of them (中文 → 普通话, 粤语). */
export interface LanguageChoice {
  value: string;
  label: string;
  children?: LanguageChoice[];
}

/**
 * The site's language tree cut to what the voice's channel speaks: a group keeps the children the
 * channel speaks and goes when none is left; a channel that names no language speaks them all.
 */
export function languageChoices(tree: LanguageOption[], spoken: readonly string[]): LanguageChoice[] {
  const speaks = (code: string) => spoken.length === 0 || spoken.includes(code);
  return tree.flatMap((node): LanguageChoice[] => {
    const children = (node.children ?? [])
      .filter((child) => speaks(child.language))
      .map((child) => ({ value: child.language, label: child.name }));
    if (children.length > 0) return [{ value: node.language, label: node.name, children }];
    return !node.children?.length && speaks(node.language) ? [{ value: node.language, label: node.name }] : [];
  });
}

/** Where `language` sits in the choices, as the picker's value (group, then language); [] when it is not there. */
export function languagePath(choices: LanguageChoice[], language: string): string[] {
  if (!language) return [];
  for (const choice of choices) {
    if (!choice.children && choice.value === language) return [choice.value];
    const child = choice.children?.find((c) => c.value === language);
    if (child) return [choice.value, child.value];
  }
  return [];
}
