import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
// The API server's dev port (architecture.md: port 5000 by default). 127.0.0.1 rather than
// 'localhost': Node resolves localhost to ::1 first, and the server listens on IPv4.
const apiTarget = 'http://127.0.0.1:5000';

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    // One small game bundle; the fonts are the bulk and load per unicode range.
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 5173 },
});
