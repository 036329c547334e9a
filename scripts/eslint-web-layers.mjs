// An ESLint rule (no plugin needed) for the web app's import directions (STYLE.md "Features, not
// layers"): shared code (lib → stores → components) never reaches up, features never import each
// other, nothing imports the app shell. What two features share moves to src/components or src/lib.
import path from 'node:path';

const WEB_SRC = path.join(import.meta.dirname, '..', 'apps', 'web', 'src');

/** What each area of apps/web/src may not import (features: no other feature either). */
const FORBIDDEN = {
  lib: ['stores', 'components', 'features', 'app'],
  config: ['stores', 'components', 'features', 'app'],
  stores: ['components', 'features', 'app'],
  components: ['features', 'app'],
  features: ['app'],
};

/** `features/<name>` for a feature, else the top folder under src (lib, stores, …). */
function areaOf(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(path.sep);
  return { top, feature: top === 'features' ? second : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
export const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'imports in apps/web/src flow shared → features → app, never feature to feature' },
    messages: {
      upward: '{{from}} must not import from {{to}}: imports flow lib → stores → components → features → app.',
      crossFeature:
        'features/{{from}} must not import from features/{{to}}: move what both need to src/components or src/lib.',
    },
    schema: [],
  },
  create(context) {
    const here = areaOf(context.filename);
    if (!here) return {};
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const there = areaOf(path.resolve(path.dirname(context.filename), spec));
      if (!there) return;
      if ((FORBIDDEN[here.top] ?? []).includes(there.top)) {
        context.report({ node: node.source, messageId: 'upward', data: { from: here.top, to: there.top } });
      } else if (here.feature && there.feature && here.feature !== there.feature) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: here.feature, to: there.feature },
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
