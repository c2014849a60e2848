import { useMutation } from '@tanstack/react-query';
import { aiWrite, voiceMessages } from '@app/contract';
import { call } from '../../../lib/api';

/** Write a script about a topic; length 0 / 150 / 300 / 500 characters. */
export function useAiWrite() {
  return useMutation({
    mutationFn: ({ keyword, length }: { keyword: string; length: string }) =>
      call(aiWrite, { keyword, length }, { success: voiceMessages.writeDone }),
  });
}
