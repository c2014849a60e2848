import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { themesCall } from '../../../lib/first-paint-endpoints';

export const getThemePalettes = () => call(themesCall, {}, { quiet: true });

/** Operator palettes; when the call fails the built-in dark and light themes apply silently. */
export function useThemePalettes() {
  return useQuery({
    queryKey: ['site', 'themes'],
    queryFn: getThemePalettes,
    staleTime: Infinity,
  });
}
