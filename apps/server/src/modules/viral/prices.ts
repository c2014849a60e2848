import { priceList } from '../../platform/db/price-list.js';

/**
 * Viral analysis prices: transcribing one analysed video (VIRAL_TRANSCRIBE_CREDITS until set) and one
 * model call — analysis, mimic script, account analysis, topics, copywriting (the chat price until set).
 */
export const viralPrices = priceList('viral', (config) => [
  { api: 'transcribe', name: '爆款分析·视频转写（每条）', credits: config.VIRAL_TRANSCRIBE_CREDITS, sort: 0 },
  { api: 'model', name: '爆款分析·模型调用（每次）', credits: config.CHAT_CREDITS, sort: 1 },
]);

/** The console's channel screen: the price of a transcription and of a model call. */
export const viralPriceKind = viralPrices.channelKind({ label: '爆款分析', unit: '积分/次' });
