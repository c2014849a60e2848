import { useQuery } from '@tanstack/react-query';
import { listMaterials, type MaterialType } from '@app/contract';
import { call } from '../../../lib/api';

export const materialsKey = (type: MaterialType) => ['materials', type] as const;

/** Every material of one type (source 0 = uploads and extractions); URLs are re-signed on each fetch. */
export function useMaterials(type: MaterialType) {
  return useQuery({
    queryKey: materialsKey(type),
    queryFn: () => call(listMaterials, { type, source: 0, page: 1, limit: 9999 }),
  });
}
