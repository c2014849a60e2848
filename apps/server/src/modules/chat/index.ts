export { createChatModule, OPEN_ANSWER_MAX_MS, type ChatModuleDeps } from './module.js';
export type { TextAnalyser } from './routes.js';
export { chatPrices } from './prices.js';
