/**
 * The import rules of docs/architecture.md ("Layers"), checked on the resolved path of every relative
 * import, so `../../karyawan/api` from inside another feature is caught whatever the depth:
 * - no feature imports another feature;
 * - src/lib and src/components import no feature, route or app module;
 * - src/domain imports nothing outside src/domain;
 * - sw/ imports from src/ only src/domain and src/lib/offline;
 * - server/ imports from src/ only src/domain.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const featureOf = (p) => /^src\/features\/([^/]+)/.exec(p)?.[1];

function violation(from, to) {
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return `features/${fromFeature} imports features/${toFeature}: no feature imports another (move what both need to src/domain, src/lib or src/components).`;
  if (/^src\/(lib|components)\//.test(from) && /^src\/(features|routes|app)\//.test(to))
    return `${from.split('/')[1]}/ imports ${to.split('/').slice(0, 2).join('/')}: src/lib and src/components import no feature, route or app module.`;
  if (from.startsWith('src/domain/') && !to.startsWith('src/domain/'))
    return 'src/domain is isomorphic and imports nothing outside src/domain.';
  if (from.startsWith('sw/') && !to.startsWith('sw/') && !/^src\/(domain|lib\/offline)\//.test(to))
    return 'sw/ imports from src/ only src/domain and src/lib/offline.';
  if (from.startsWith('server/') && to.startsWith('src/') && !to.startsWith('src/domain/'))
    return 'server/ imports from src/ only src/domain.';
  return null;
}

const layers = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports flow one way between layers.' } },
  create(context) {
    const from = rel(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const message = violation(from, rel(path.resolve(path.dirname(context.filename), spec)));
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers } };
