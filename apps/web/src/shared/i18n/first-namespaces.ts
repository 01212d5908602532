/**
 * The namespaces the shell and the home page (the usual first page) show:
 * they travel in the first-load language chunk (`lang-<code>`, vite.config.ts),
 * the others in `lang-<code>-more`, loaded once the first page has rendered.
 */
export const FIRST_NAMESPACES: readonly string[] = ['shell', 'common', 'home', 'market'];
