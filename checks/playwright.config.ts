import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

// The public site as `concierge serve` publishes it (seeded data, the real islands build),
// in Debian's Chromium, at a phone width and a desktop width (the sweeps add a tablet width);
// each test covers both languages.
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'off',
    // Carousels move at once, so positions can be measured without waiting for a transition.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The whole-site sweeps (every page's hydration, axe; sweep and layout-shift set the
    // widths themselves: 375, 768 and 1440 px) run once, in the desktop project, and island
    // tap targets at the phone width; every other test runs at both widths and also fails on
    // any console error.
    {
      name: 'phone-375',
      use: { viewport: { width: 375, height: 812 }, hasTouch: true },
      testIgnore: ['**/pages.spec.ts', '**/accessibility.spec.ts', '**/sweep.spec.ts', '**/layout-shift.spec.ts'],
    },
    { name: 'desktop-1440', use: { viewport: { width: 1440, height: 900 } }, testIgnore: ['**/tap-targets.spec.ts'] },
  ],
})
