// Only repo files use the entity layer (docs/architecture.md, "Layers"). The entity layer
// is everything under lambdas/shared/db: the entity files, the entity builder (entity.ts,
// model.ts, query.ts, write.ts, expression.ts), the transaction helper and the client. A repo
// file is `repo.ts`, `*-repo.ts` or a file under a `repo/` folder of a domain or of shared code
// (the names eslint.boundaries.js keeps other domains out of), plus lambdas/shared/db itself.
// Services, handlers and tasks call a repo function instead, so the data access of a domain is
// found in its repo files and nowhere else.
//
// `import type` stays allowed everywhere: an entity's item type is the domain's vocabulary, and
// a type import leaves nothing in the bundle.
import path from 'node:path';

/** Whether `relative` (from the repository root) names a repo file. */
export const isRepoFile = (relative) => {
  const parts = relative.split(path.sep);
  if (parts[0] !== 'lambdas') return false;
  if (parts[1] === 'shared' && parts[2] === 'db') return true;
  const name = parts.at(-1) ?? '';
  return /^(?:repo|.+-repo)\.tsx?$/.test(name) || (parts[2] === 'repo' && parts.length > 3);
};

/** Whether `relative` (from the repository root) is a module of the entity layer. */
export const isEntityLayer = (relative) =>
  relative.split(path.sep).slice(0, 3).join('/') === 'lambdas/shared/db';

export const LAYER_MESSAGE =
  'Only repo files (repo.ts, *-repo.ts) use the entity layer ({{module}}): move the data access into a repo function beside this file and call it. `import type` is fine anywhere.';

/** Whether every name of an import or re-export is a type (nothing of it reaches the bundle). */
const typeOnly = (node) => {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every(
      (specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type',
    )
  );
};

/** `domains/entity-layer`: a value import of the entity layer outside a repo file. */
export const entityLayer = {
  meta: {
    type: 'problem',
    docs: { description: 'Only repo files import values of the entity layer (lambdas/shared/db).' },
    schema: [],
    messages: { layer: LAYER_MESSAGE },
  },
  create(context) {
    const root = context.cwd;
    const file = context.physicalFilename ?? context.filename;
    const relative = path.relative(root, file);
    if (relative.split(path.sep)[0] !== 'lambdas' || isRepoFile(relative)) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(file), source.value));
      if (!isEntityLayer(target)) return;
      context.report({
        node,
        messageId: 'layer',
        data: { module: target.split(path.sep).join('/') },
      });
    };
    return {
      ImportDeclaration(node) {
        if (!typeOnly(node)) check(node, node.source);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !typeOnly(node)) check(node, node.source);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source);
      },
      ImportExpression(node) {
        check(node, node.source);
      },
    };
  },
};
