import { QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { ThemedConfig } from '../features/theme';
import { appRoutes } from './AppRoutes';
import { Branding } from './Branding';
import { FeedbackBridge } from './FeedbackBridge';
import { ViewportFontSize } from './ViewportFontSize';

// A data router: it can hold a navigation back while a page asks before leaving (lib/leave-guard).
const router = createHashRouter(appRoutes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedConfig>
        <FeedbackBridge />
        <Branding />
        <ViewportFontSize />
        <RouterProvider router={router} />
      </ThemedConfig>
    </QueryClientProvider>
  );
}
