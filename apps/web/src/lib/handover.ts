/** Session-storage key of a text handed to the studio (`/create?type=fk`): a chat answer, an extracted script. */
export const HANDOVER_TEXT_KEY = 'fk_text';
