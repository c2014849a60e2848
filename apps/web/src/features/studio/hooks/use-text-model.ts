import { voiceMessages } from '@app/contract';
import { useSiteSettings } from '../../../lib/site-settings';

/**
 * Polish, AI writing and translation need a text model. Without one their buttons are greyed out with
 * the reason (or left out, as the operator chooses), so no click ends in a failure.
 */
export function useTextModel() {
  const { data } = useSiteSettings();
  // Until the settings arrive the buttons wait, rather than offering what may not work.
  const available = data?.text_model === true;
  return {
    available,
    hidden: !available && data?.unavailable_features === 'hide',
    reason: available ? undefined : voiceMessages.textModelMissing,
  };
}
