import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pwa } from './pwa/plugin.ts';

const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), pwa()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // scripts/check-bundle-size.mjs reads it to sum each first screen's initial JavaScript.
    manifest: true,
    // The entry chunk (react, react-dom, react-router, react-query, zustand and the shell) is
    // about 310 kB minified, 97 kB gzip; screens are lazy chunks. Warn well before the first
    // screens' 120 KB gzip budget (npm run size) is in danger.
    chunkSizeWarningLimit: 400,
    // Every browser the shop serves preloads modules itself (Chrome 66, Safari 17, Firefox
    // 115): vite's polyfill for the rest would weigh on every first screen. A browser without
    // it still loads each chunk, only not ahead of time.
    modulePreload: { polyfill: false },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // The shared test vectors (testdata/vectors/README.md), read by src/lib/*.vectors.test.ts.
    env: { VECTORS_DIR: fileURLToPath(new URL('../testdata/vectors/', import.meta.url)) },
  },
});
