/** The producer of multi-scene works; its scene entries are listed beside the merged work. */
export const MULTI_KIND = 'multi';
export const MULTI_CLIP_KIND = 'multi-clip';

export const SCENE_STATUS = { queued: 1, rendering: 2, done: 3, failed: 4 } as const;
