import { useQuery } from '@tanstack/react-query';
import { listLanguages, type DataOf } from '@app/contract';
import { call } from '../../lib/api';

/** One node of the site's language tree (spec 001 §3): name, language code, children. */
export type LanguageOption = DataOf<typeof listLanguages>['list'][number];

export const languagesKey = ['site', 'languages'] as const;

/** The language choices of speech and translation, as GET /api/index/langList gives them. */
export function useLanguages(enabled = true) {
  return useQuery({
    queryKey: languagesKey,
    queryFn: () => call(listLanguages, {}),
    enabled,
    staleTime: 5 * 60_000,
  });
}
