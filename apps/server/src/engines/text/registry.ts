import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { textModelConfigFromEnv, type TextModelEnv } from './env.js';
import { TextModelError } from './errors.js';
import { createTextModel, type TextModel } from './openai-chat.js';

/** The text model's one channel today (polish, AI write, translate); chat models will add their own. */
export const TEXT_CHANNEL = 'script';

/** The text model as a channel registry; unconfigured, its engine is refused with 文本模型未配置，请联系管理员. */
export function createTextModels(env: TextModelEnv): ChannelRegistry<TextModel> {
  const config = textModelConfigFromEnv(env);
  const model = config ? createTextModel(config) : undefined;
  return channelRegistry<TextModel>({
    channels: [TEXT_CHANNEL],
    engineOf: () => model,
    idOf: () => 'openai-chat',
    unavailable: () => new TextModelError('not_configured'),
  });
}
