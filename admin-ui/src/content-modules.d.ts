/** Data files of `content/` imported at build time (`vite.config.ts`'s `toml` plugin): read them defensively. */
declare module '*.toml' {
  const data: unknown;
  export default data;
}
