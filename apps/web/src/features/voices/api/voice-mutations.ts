import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmVoice, deleteVoice, editVoice, saveVoice, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** Each change refreshes the voice lists (and the balance a clone may have spent). */
function useVoiceMutation<P>(run: (params: P) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] }),
  });
}

export const useSaveVoice = () =>
  useVoiceMutation((p: ParamsOf<typeof saveVoice>) => call(saveVoice, p, { success: true }));
export const useConfirmVoice = () =>
  useVoiceMutation((voiceId: number) => call(confirmVoice, { voice_id: voiceId }, { success: true }));
export const useEditVoice = () =>
  useVoiceMutation((p: ParamsOf<typeof editVoice>) => call(editVoice, p, { success: true }));
export const useDeleteVoice = () => useVoiceMutation((id: number) => call(deleteVoice, { id }, { success: true }));
