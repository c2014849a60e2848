import { QueryClient } from '@tanstack/react-query';
import { onTokenChange } from './session';

/** Failures are already shown by the API client, so queries do not retry into duplicate toasts. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Keys of data that belong to the logged-in account start with this. */
export const ACCOUNT_SCOPE = 'account';

// Another account: drop what belonged to the previous one; pages mounted next fetch afresh.
onTokenChange(() => queryClient.removeQueries({ queryKey: [ACCOUNT_SCOPE] }));
