import { useQuery } from '@tanstack/react-query';
import { getAgreement, type AgreementType } from '@app/contract';
import { call } from '../../../lib/api';

export const fetchAgreement = (type: AgreementType) => call(getAgreement, { type });

export function useAgreement(type: AgreementType) {
  return useQuery({
    queryKey: ['site', 'agreement', type],
    queryFn: () => fetchAgreement(type),
  });
}
