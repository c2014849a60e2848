import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { ThemedConfig } from '../features/theme';
import { AppRoutes } from './AppRoutes';
import { Branding } from './Branding';
import { FeedbackBridge } from './FeedbackBridge';
import { ViewportFontSize } from './ViewportFontSize';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedConfig>
        <FeedbackBridge />
        <Branding />
        <ViewportFontSize />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </ThemedConfig>
    </QueryClientProvider>
  );
}
