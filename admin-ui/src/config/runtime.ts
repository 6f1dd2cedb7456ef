/**
 * Runtime settings, read once at start from `/admin/config.json` (served by `concierge serve`),
 * so one build works against any deployment and the API key is never baked into the bundle.
 */
export type RuntimeConfig = {
  apiKey: string;
  apiBase: string;
  siteUrl: string;
};

let current: RuntimeConfig | null = null;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const value = (raw ?? {}) as Partial<Record<keyof RuntimeConfig, unknown>>;
  const missing = (['apiKey', 'apiBase'] as const).filter(
    (key) => typeof value[key] !== 'string' || value[key] === '',
  );
  if (missing.length > 0) {
    throw new Error(`config.json is missing ${missing.join(', ')}: check the concierge server settings.`);
  }
  return {
    apiKey: value.apiKey as string,
    apiBase: (value.apiBase as string).replace(/\/+$/, ''),
    siteUrl: typeof value.siteUrl === 'string' ? value.siteUrl : '',
  };
}

export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load ${url} (HTTP ${response.status}). Is the admin served by \`concierge serve\`?`);
  }
  current = parseRuntimeConfig(await response.json());
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet.');
  return current;
}
