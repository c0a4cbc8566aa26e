// Which code may import which, as `import-x/no-restricted-paths` zones. Each
// zone names the files it governs (`target`), what they may not import (`from`, minus `except`)
// and the message a person sees. test/unit/lint/boundaries.test.ts lints a forbidden import of
// each kind and expects its message, so a zone that stops firing fails the tests.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver } from 'eslint-plugin-import-x';
import { entityOwners, mayImportEntity } from './eslint.entity-owners.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every folder under lambdas/ except shared/: one per domain (read, so a new domain is covered). */
export const domains = readdirSync(path.join(root, 'lambdas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name)
  .sort();

const abs = (relative) => path.join(root, relative);

/**
 * One zone per domain: it may use another domain's service, never its repo files (`repo.ts`,
 * `*-repo.ts`, `repo/`) or its handlers.
 */
const domainZones = domains.map((domain) => ({
  target: abs(`lambdas/${domain}/**`),
  from: abs(`lambdas/!(${domain}|shared)/{repo.ts,*-repo.ts,repo/**,handlers/**}`),
  message:
    'A domain reaches another domain through its service (or its exported transaction writes), never its repo or handlers.',
}));

/**
 * One zone per domain: the entity files it may import are those it owns, reads or writes by
 * design, and the shared ones (eslint.entity-owners.js, docs/data-model.md "Owners").
 */
const entityZones = domains.flatMap((domain) => {
  const foreign = Object.keys(entityOwners).filter((entity) => !mayImportEntity(entity, domain));
  return foreign.length === 0
    ? []
    : [
        {
          target: abs(`lambdas/${domain}/**`),
          from: foreign.map((entity) => abs(`lambdas/shared/db/entities/${entity}.ts`)),
          message:
            'Another domain owns this entity (docs/data-model.md, "Owners"): reach it through its owner’s service, never the entity file.',
        },
      ];
});

export const boundaryZones = [
  {
    target: abs('lambdas/**'),
    from: [abs('lib/**'), abs('bin/**'), abs('test/**'), abs('frontend/**')],
    message:
      'Runtime code must not import the CDK app, the local stack, tests or the frontend; shared definitions live in the contract (contract/).',
  },
  {
    target: abs('lambdas/shared/**'),
    from: abs(`lambdas/!(shared)/**`),
    message:
      'Shared code must not import a domain; inject what it needs (as the http chain gets its profile loader).',
  },
  {
    target: abs('contract/**'),
    from: [abs('lambdas/**'), abs('lib/**'), abs('bin/**'), abs('frontend/**'), abs('test/**')],
    message:
      'The contract is at the centre: the browser, the Lambdas, the CDK and the local stack read it, and it imports nothing of ours but its own files.',
  },
  {
    target: abs('contract/design/**'),
    from: [abs('contract/*.ts'), abs('contract/!(design)/**')],
    message:
      'The contract’s design files (table, storage, schedules, state machines, security headers) are a leaf: they import only each other.',
  },
  ...domainZones,
  ...entityZones,
  {
    target: abs('frontend/src/**'),
    from: [abs('lambdas/**'), abs('lib/**'), abs('bin/**'), abs('test/**')],
    message: 'The frontend imports only its own code and the contract.',
  },
  {
    target: [abs('lib/constructs/**'), abs('lib/stacks/**'), abs('bin/app.ts')],
    from: abs('lib/local/**'),
    message:
      'The CDK app must not depend on the local stack (lib/local), which only stands in for AWS on a laptop.',
  },
];

/** Resolves our imports as TypeScript and Vite do: extensionless `.ts`, and the frontend aliases. */
export const boundaryResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
  alias: {
    '@': [abs('frontend/src')],
    '@contract': [abs('contract')],
  },
});
