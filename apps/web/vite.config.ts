import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app is served by the API server from any sub-path, so assets are relative.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's component packages declare no sideEffects field, so every one the antd index names (forms,
        // selects, virtual lists...) would be kept in the first load though only lazy pages use them. They are
        // plain component modules without import-time effects.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080',
    },
  },
});
