// The site's own import-boundary rules (issue 42), a local ESLint plugin: what a path pattern in
// `no-restricted-imports` cannot say, because it needs to know which feature a file is in.
import path from 'node:path';

/** `app/features/<name>/…` of a path, or null. */
function featureOf(file) {
  const match = /[\\/]app[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
  return match ? { name: match[1], app: file.slice(0, match.index + '/app'.length) } : null;
}

/** A feature imports only itself and shared code: never another feature, relative or by `~/`. */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature (app/features/<name>/) must not import another feature' },
    schema: [],
    messages: {
      cross: 'The feature "{{from}}" must not import the feature "{{to}}": move the shared part to components/ or lib/, or pass it in (a prop or slot).',
    },
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('~/')) target = path.join(own.app, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else return;
      const theirs = featureOf(`${target}${path.sep}`);
      if (theirs && theirs.name !== own.name) context.report({ node, messageId: 'cross', data: { from: own.name, to: theirs.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
