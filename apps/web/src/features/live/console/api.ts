import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleLiveSettings, saveConsoleLiveSettings, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { CONSOLE_SCOPE } from '../../../components/admin-layout';

const key = [...CONSOLE_SCOPE, 'live'] as const;

export const useLiveSettings = () => useQuery({ queryKey: key, queryFn: () => call(consoleLiveSettings, {}) });

/** Saves the rules and shows the server's 保存成功; the screen then reads them back. */
export function useSaveLiveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof saveConsoleLiveSettings>) => call(saveConsoleLiveSettings, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
