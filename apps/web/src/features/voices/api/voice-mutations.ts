import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmVoice, deleteVoice, editVoice, saveVoice, type ParamsOf } from '@app/contract';
import { refreshBalance, refreshStorage } from '../../../entities/account';
import { refreshVoices } from '../../../entities/voices';
import { call } from '../../../lib/api';

/** Each change refreshes the voice lists, and the balance and storage a clone may have used. */
function useVoiceMutation<P>(run: (params: P) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([refreshVoices(queryClient), refreshBalance(queryClient), refreshStorage(queryClient)]),
  });
}

export const useSaveVoice = () =>
  useVoiceMutation((p: ParamsOf<typeof saveVoice>) => call(saveVoice, p, { success: true }));
export const useConfirmVoice = () =>
  useVoiceMutation((voiceId: number) => call(confirmVoice, { voice_id: voiceId }, { success: true }));
export const useEditVoice = () =>
  useVoiceMutation((p: ParamsOf<typeof editVoice>) => call(editVoice, p, { success: true }));
export const useDeleteVoice = () => useVoiceMutation((id: number) => call(deleteVoice, { id }, { success: true }));
