import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

interface ExportSource {
  /** e.g. `antd-mobile/es/components/button` */
  module: string;
  /** The name inside that module: `default` for the components. */
  imported: string;
}

/** What antd-mobile's barrel re-exports, read from the barrel itself: exported name → module and name there. */
function readBarrel(): Map<string, ExportSource> {
  const require = createRequire(import.meta.url);
  const barrel = readFileSync(join(dirname(require.resolve('antd-mobile/package.json')), 'es', 'index.js'), 'utf8');
  const sources = new Map<string, ExportSource>();
  for (const [, list = '', path = ''] of barrel.matchAll(/^export \{([^}]+)\} from '\.\/([\w/-]+)';$/gm)) {
    for (const specifier of list.split(',')) {
      const [imported = '', exported = imported] = specifier.trim().split(/\s+as\s+/);
      sources.set(exported, { module: `antd-mobile/es/${path}`, imported });
    }
  }
  return sources;
}

const BARREL_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*['"]antd-mobile['"];?$/gm;

/**
 * Rewrites `import { Button, Toast } from 'antd-mobile'` into imports of each
 * component's own module. The barrel is marked as having side effects (it
 * loads the global styles, which main.tsx imports itself), so through it every
 * module graph would hold all ~80 components: the shell chunk would carry them
 * all and the bundler could not tell what the first page really needs.
 */
export function antdDirectImports(): Plugin {
  let sources: Map<string, ExportSource> | undefined;
  return {
    name: 'openbourse:antd-direct-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: 'antd-mobile' },
      handler(code) {
        sources ??= readBarrel();
        const known = sources;
        let changed = false;
        const rewritten = code.replace(BARREL_IMPORT, (statement, list: string) => {
          const specifiers = list
            .split(',')
            .map((specifier) => specifier.trim())
            .filter((specifier) => specifier && !specifier.startsWith('type '));
          const direct = specifiers.map((specifier) => {
            const [name = '', local = name] = specifier.split(/\s+as\s+/);
            const source = known.get(name);
            if (!source) return undefined;
            return source.imported === 'default' ? `import ${local} from '${source.module}';` : `import { ${source.imported} as ${local} } from '${source.module}';`;
          });
          if (direct.some((line) => line === undefined)) return statement;
          changed = true;
          return direct.join('\n');
        });
        return changed ? { code: rewritten, map: null } : undefined;
      },
    },
  };
}
