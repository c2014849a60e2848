import { voiceMessages } from '@app/contract';
import type { ChannelRegistry } from '../../engines/index.js';
import {
  TEXT_CHANNEL,
  TextModelError,
  toneMarks,
  type AiWriteLength,
  type TextModel,
} from '../../engines/text/index.js';
import { AppError } from '../../platform/errors.js';
import { languageName } from './languages.js';

/** A text-model failure becomes the message the user reads; nothing is made up in its place. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof TextModelError) throw new AppError(e.message);
    throw e;
  }
}

/** The script box's helpers: polish, tone marks, AI write and translate. */
export class ScriptTools {
  constructor(private readonly models: ChannelRegistry<TextModel>) {}

  /** Looked up per call, so an unconfigured model is refused inside ask() with its own message. */
  private get model(): TextModel {
    return this.models.forChannel(TEXT_CHANNEL);
  }

  async polish(text: string, action: 'emotion' | undefined): Promise<string> {
    if (!text.trim()) throw new AppError(voiceMessages.textRequired);
    // Tone marks are computed here, offline; only polishing needs the model.
    if (action === 'emotion') return toneMarks(text);
    return ask(() => this.model.polish(text));
  }

  async translate(text: string, source: string | undefined, target: string): Promise<{ text: string; target: string }> {
    if (!text.trim()) throw new AppError(voiceMessages.textRequired);
    const translated = await ask(() =>
      this.model.translate(text, source ? languageName(source) : '', languageName(target)),
    );
    return { text: translated, target };
  }

  async aiWrite(keyword: string, length: AiWriteLength): Promise<string> {
    if (!keyword.trim()) throw new AppError(voiceMessages.topicRequired);
    return ask(() => this.model.aiWrite(keyword.trim(), length));
  }
}
