import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/go-api', '/v1', '/dev', '/health', '/documents', '/catalogue', '/uploads'].map((path) => [path, api]),
    ),
  },
});
