import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const ADMIN_USER = 'e2e-admin';
/** At least 12 characters and not a common password, as `concierge admin create` requires. */
export const ADMIN_PASSWORD = process.env.CONCIERGE_ADMIN_PASSWORD ?? 'e2e-Password-2026';
/** Where the global setup leaves the server's address and API key for the tests. */
export const STATE_FILE = path.resolve(here, '../.state/server.json');
