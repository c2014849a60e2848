import { CHAT_MODELS, type ChatModelKey } from '@app/contract';
import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { chatModelConfigsFromEnv, type ChatModelEnv } from './chat-env.js';
import { TextModelError } from './errors.js';
import { createChatStreamModel, type ChatStreamModel } from './openai-stream.js';

/** The chat assistant's models by the spec's keys (v3, r1); unconfigured, each is refused with a clear message. */
export function createChatModels(env: ChatModelEnv): ChannelRegistry<ChatStreamModel> {
  const configs = chatModelConfigsFromEnv(env);
  const models = configs ? { v3: createChatStreamModel(configs.v3), r1: createChatStreamModel(configs.r1) } : undefined;
  return channelRegistry<ChatStreamModel>({
    channels: [...CHAT_MODELS],
    engineOf: (channel) => models?.[channel as ChatModelKey],
    idOf: (model) => `chat:${model.model}`,
    unavailable: () => new TextModelError('not_configured'),
  });
}
