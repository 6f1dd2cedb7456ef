/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { parse as parseToml } from 'smol-toml';
import { defineConfig, type Plugin } from 'vite';

// In development, `vite` proxies the API and the runtime settings to a running `concierge serve`.
const backend = process.env.CONCIERGE_DEV_BACKEND ?? 'http://127.0.0.1:8080';

/**
 * `import data from '…/airports.toml'`: a TOML file of `content/` (the one place its names live, read
 * by the site and the API too) as its data, parsed at build time: no TOML parser in the bundle.
 */
function toml(): Plugin {
  return {
    name: 'concierge-toml',
    transform(code, id) {
      if (!id.split('?')[0].endsWith('.toml')) return null;
      return { code: `export default ${JSON.stringify(parseToml(code))};`, map: null };
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [react(), toml()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendor chunks that change less often than the app (the editor stays in the lazy blog chunk).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'libs', test: /node_modules[\\/](react-router|@tanstack|i18next|react-i18next|sonner)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    // The table of rules and messages lives beside the API (`../rules`), which reads it too; the
    // airports' names are the site's (`../content`).
    fs: { allow: ['.', '../rules', '../content'] },
    proxy: {
      '/api': backend,
      '/media': backend,
      '/admin/config.json': backend,
    },
  },
  test: {
    environment: 'jsdom',
    // Dates are shown in the viewer's zone: tests run in a fixed one (UTC+4, no daylight saving).
    env: { TZ: 'Asia/Dubai' },
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    // Every core (Vitest's default leaves one free: on CI's two, one worker took 3 min 10 s and
    // two take 2 min 7 s). Forks, not threads: each file's TZ is its process's.
    maxWorkers: '100%',
  },
});
