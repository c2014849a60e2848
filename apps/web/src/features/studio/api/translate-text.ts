import { useMutation } from '@tanstack/react-query';
import { translateText } from '@app/contract';
import { call } from '../../../lib/api';

/** Translate the script into the newly chosen speech language. */
export function useTranslateText() {
  return useMutation({
    mutationFn: ({ text, source, target }: { text: string; source: string; target: string }) =>
      call(translateText, { text, source: source || undefined, target }),
  });
}
