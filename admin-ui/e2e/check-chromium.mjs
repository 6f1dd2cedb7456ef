// The end-to-end tests drive Debian's Chromium (`npx playwright install` cannot download
// browsers here). Say so plainly when it is missing.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `e2e: Chromium was not found at ${chromium}. Install it with \`apt-get install -y chromium\` ` +
      '(or set CHROMIUM_PATH to a Chromium binary).',
  );
  process.exit(1);
}
