import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
