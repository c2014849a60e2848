import { AI_MEDIA_RULES, VIDEO_DURATIONS, VIDEO_MODES, videoCredits, videoPriceKey } from '@app/contract';
import { priceList } from '../../platform/db/price-list.js';

const modeNames = { std: '标准', pro: '高品质' } as const;

/** The price of one AI picture, set by the operator (10 credits as shipped). */
export const aiImagePrices = priceList('image', () => [
  { api: 'image', name: 'AI 图片（每张）', credits: AI_MEDIA_RULES.creditsPerImage, sort: 0 },
]);

/**
 * AI video prices per mode and length (spec: standard 5 s 360, 10 s 720; high quality 600, 1200).
 * High quality ships switched off (”高品质“通道维护中) until the operator turns it on.
 */
export const aiVideoPrices = priceList('aivideo', () =>
  VIDEO_MODES.flatMap((mode, i) =>
    VIDEO_DURATIONS.map((d, j) => ({
      api: videoPriceKey(mode, d),
      name: `AI 视频 ${modeNames[mode]} ${d} 秒`,
      credits: videoCredits(mode, d === '10' ? 10 : 5),
      sort: i * 10 + j,
      enabled: mode !== 'pro',
    })),
  ),
);

/** The console's channel screen: pictures and videos, each priced per order. */
export const aiMediaPriceKinds = [
  aiImagePrices.channelKind({ label: 'AI 图片', unit: '积分/张' }),
  aiVideoPrices.channelKind({ label: 'AI 视频', unit: '积分/条' }),
];
