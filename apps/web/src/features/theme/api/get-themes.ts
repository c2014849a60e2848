import { useQuery } from '@tanstack/react-query';
import { getThemes } from '@app/contract';
import { call } from '../../../lib/api';

export const getThemePalettes = () => call(getThemes, {}, { quiet: true });

/** Operator palettes; when the call fails the built-in dark and light themes apply silently. */
export function useThemePalettes() {
  return useQuery({
    queryKey: ['site', 'themes'],
    queryFn: getThemePalettes,
    staleTime: Infinity,
  });
}
