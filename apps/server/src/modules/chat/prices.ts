import { priceList } from '../../platform/db/price-list.js';

/** The price of one question and its answer per model; CHAT_CREDITS (10) until the operator sets one. */
export const chatPrices = priceList('chat', (config) => [
  { api: 'v3', name: 'DeepSeek V3 对话（每次问答）', credits: config.CHAT_CREDITS, sort: 0 },
  { api: 'r1', name: 'DeepSeek R1 深度思考（每次问答）', credits: config.CHAT_CREDITS, sort: 1 },
]);

/** The console's channel screen: the price of a question, per model. */
export const chatPriceKind = chatPrices.channelKind({ label: 'AI 对话', unit: '积分/次' });
