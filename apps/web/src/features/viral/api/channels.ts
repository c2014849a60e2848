import { useQuery } from '@tanstack/react-query';
import { listVideoChannels } from '@app/contract';
import { call } from '../../../lib/api';

/** The video channels configured here, as select options (model 3.0 first, as the composer picks). */
export function useVideoChannelOptions() {
  const { data } = useQuery({ queryKey: ['viral', 'video-channels'], queryFn: () => call(listVideoChannels, {}) });
  const list = [...(data?.list ?? [])].sort(
    (a, b) => Number(b.version_name === '3.0') - Number(a.version_name === '3.0'),
  );
  return list.map((c) => ({ value: c.api, label: c.name }));
}
