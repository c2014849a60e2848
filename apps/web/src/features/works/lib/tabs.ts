import type { workCounts } from '@app/contract';
import type { z } from 'zod';
import type { WorksFilter } from '../../../entities/works';
import { worksMessages as m } from '../messages';

type Counts = z.infer<typeof workCounts>;

export interface SecondTab {
  /** type2 in the query. */
  key: string;
  label: string;
  count: keyof Counts;
  filter: WorksFilter;
  /** Where the empty state's create button leads. */
  createPath: string;
}

/** First level: 0 video works, 1 multi-scene works; second level per spec 001 §2 (type2: 1 pet, 2 person, 3 translation). */
export const WORK_TABS: Record<'0' | '1', { label: string; tabs: SecondTab[] }> = {
  '0': {
    label: m.videoWorks,
    tabs: [
      {
        key: '0',
        label: m.avatarVideos,
        count: 'video',
        filter: { is_multi: 0, photo_type: 0, type: '' },
        createPath: '/create',
      },
      { key: '1', label: m.petVideos, count: 'pet', filter: { is_multi: 0, photo_type: 2 }, createPath: '/pet' },
      {
        key: '2',
        label: m.photoVideos,
        count: 'photo',
        filter: { is_multi: 0, photo_type: 1 },
        createPath: '/store/imageSpeak',
      },
      { key: '3', label: m.translatedVideos, count: 'translate', filter: { type: 'fy' }, createPath: '/store/sea' },
    ],
  },
  '1': {
    label: m.multiWorks,
    tabs: [
      {
        key: '0',
        label: m.multiVideos,
        count: 'multi_video',
        filter: { is_multi: 1, only_audio: 0 },
        createPath: '/multiples',
      },
      {
        key: '1',
        label: m.multiAudios,
        count: 'multi_audio',
        filter: { is_multi: 1, only_audio: 1 },
        createPath: '/multiples',
      },
    ],
  },
};

export type FirstTab = keyof typeof WORK_TABS;

/** Reads ?type1=&type2=, falling back to the first tab of each level. */
export function tabsFromQuery(search: URLSearchParams): { type1: FirstTab; tab: SecondTab } {
  const type1: FirstTab = search.get('type1') === '1' ? '1' : '0';
  const tabs = WORK_TABS[type1].tabs;
  const tab = tabs.find((t) => t.key === search.get('type2')) ?? tabs[0];
  if (!tab) throw new Error('every first-level tab has second-level tabs');
  return { type1, tab };
}
