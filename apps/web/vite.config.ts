import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app is served by the API server from any sub-path, so assets are relative.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080',
    },
  },
});
