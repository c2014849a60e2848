export { createChatModule, OPEN_ANSWER_MAX_MS } from './module.js';
