/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const RULES = fileURLToPath(new URL('../rules/forms.json', import.meta.url))

/**
 * The islands' part of the one table of rules and messages (rules/forms.json), generated at
 * build time: the forms the site has (contact, airport request, newsletter), the shared checks
 * and limits, and the few messages rules/validate.ts names. The admin's forms and the API's own
 * messages stay out of the pages' scripts.
 */
function siteRules(): Plugin {
  return {
    name: 'concierge-site-rules',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== RULES) return null
      const table = JSON.parse(readFileSync(RULES, 'utf8'))
      const pick = (from: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, from[k]]))
      return JSON.stringify({
        limits: table.limits,
        checks: table.checks,
        forms: pick(table.forms, ['contact', 'airportRequest', 'subscription']),
        messages: pick(table.messages, ['passwordTooShort', 'passwordTooLong', 'passwordBlank']),
      })
    },
  }
}

// Two builds from one config (ISLANDS.md): the client bundles with their manifest, and the
// self-contained server-render entry the generator runs under Node.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [siteRules(), react()],
  base: '/assets/islands/',
  // The generator serves dist/client/assets/* at /assets/islands/* (ISLANDS.md): built files
  // refer to each other there, not under base + "assets/".
  experimental: {
    renderBuiltUrl: (filename: string) => `/assets/islands/${filename.replace(/^assets\//, '')}`,
  },
  // The server entry runs React's production build (no development-only checks or warnings).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        ssr: 'src/server.tsx',
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: {
          output: { entryFileNames: 'server.js', format: 'es', codeSplitting: false },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          input: 'src/loader.ts',
          output: {
            // Named vendor chunks shared by the islands (React, i18n, forms).
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
                { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true, target: 'node' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test/setup.ts'],
    // Every core (Vitest's default leaves one free, half of CI's two).
    maxWorkers: '100%',
  },
}))
