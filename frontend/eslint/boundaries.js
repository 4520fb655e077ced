// Import boundaries of the feature-folder layout (docs/architecture.md, Frontend), as a tiny
// local rule: eslint-plugin-import-x needs unrs-resolver, whose platform binaries break
// `npm ci`. Resolves relative and '@/' imports to a folder under src/ and checks:
//   - a feature imports only itself (never another feature);
//   - nothing but src/app and the entry (src/main.tsx) imports src/app;
//   - shared folders (api, lib, components, hooks, stores, config, styles) never import features.
import path from 'node:path';

const SHARED = new Set(['api', 'lib', 'components', 'hooks', 'stores', 'config', 'styles']);

/**
 * ['features', 'bag'] for src/features/bag/..., ['lib'] for src/lib/..., ['entry'] for a file
 * directly in src (main.tsx), null outside src.
 */
function zoneOf(srcDir, file) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return ['entry'];
  return parts[0] === 'features' ? ['features', parts[1]] : [parts[0]];
}

function resolveImport(srcDir, fromFile, specifier) {
  if (specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null; // a package
}

const noCrossBoundaryImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features, app and shared folders apart' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}': move the shared part to lib or components.",
      intoApp: '{{from}} must not import src/app: only the app composes.',
      sharedIntoFeature: 'Shared folder {{from}} must not import a feature.',
    },
  },
  create(context) {
    const srcDir = path.join(context.cwd, 'src');
    const file = context.filename;
    const from = zoneOf(srcDir, file);
    if (!from || from[0] === 'testing' || /\.test\.tsx?$/.test(file)) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(srcDir, file, specifier);
      const to = target && zoneOf(srcDir, target);
      if (!to) return;
      if (to[0] === 'app' && from[0] !== 'app' && from[0] !== 'entry') {
        context.report({ node, messageId: 'intoApp', data: { from: from.join('/') } });
      } else if (from[0] === 'features' && to[0] === 'features' && from[1] !== to[1]) {
        context.report({ node, messageId: 'crossFeature', data: { from: from[1], to: to[1] } });
      } else if (SHARED.has(from[0]) && to[0] === 'features') {
        context.report({ node, messageId: 'sharedIntoFeature', data: { from: from[0] } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-cross-boundary-imports': noCrossBoundaryImports } };
