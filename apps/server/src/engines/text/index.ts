export { createTextModel, type ChatModelConfig, type TextModel } from './openai-chat.js';
export { TextModelError, type TextModelErrorKind } from './errors.js';
export { textMessages } from './messages.js';
export { AI_WRITE_LENGTHS, type AiWriteLength } from './prompts.js';
export { toneMarks } from './tone-marks.js';
export { textModelEnvShape, textModelEnvSchema, textModelConfigFromEnv, type TextModelEnv } from './env.js';
export { createTextModels, TEXT_CHANNEL } from './registry.js';
