import { useMutation } from '@tanstack/react-query';
import { polishText } from '@app/contract';
import { call } from '../../../lib/api';

/** Polish the script with the text model, or (tone) add tone marks. */
export function usePolishText() {
  return useMutation({
    mutationFn: ({ text, tone }: { text: string; tone: boolean }) =>
      call(polishText, { text, action: tone ? 'emotion' : undefined }),
  });
}
