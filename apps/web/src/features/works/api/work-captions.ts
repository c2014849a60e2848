import { workCaptions } from '@app/contract';
import { call } from '../../../lib/api';

/** A download link for a work's captions (SRT), named after the work; a refusal shows its message. */
export const captionsLink = (id: number) => call(workCaptions, { id });
