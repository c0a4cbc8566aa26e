/**
 * The import boundaries of eslint.boundaries.js fire: each forbidden arrow is linted, through the
 * repository's own ESLint config, from a file in the zone it governs (the file need not exist; the
 * import must, so the resolver finds it), and must be reported with its zone's message. Allowed
 * neighbours are linted too, so a zone drawn too wide fails here as well. The entity owners
 * (eslint.entity-owners.js) are checked the same way: the imports of entity files, and the writes
 * (`domains/entity-writes`) of a domain that is not the entity's owner.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { entityOwners } from '../../../eslint.entity-owners.js';
import { describe, expect, it } from 'vitest';
import { useRepoLinter } from '../../fixtures/lint';

const root = path.resolve(import.meta.dirname, '../../..');
const domains = readdirSync(path.join(root, 'lambdas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const ruleMessages = useRepoLinter();

/** The boundary messages ESLint reports for `code` as if it were the file at `filePath`. */
const boundaryMessages = (filePath: string, code: string): Promise<string[]> =>
  ruleMessages('import-x/no-restricted-paths', filePath, code);

const importing = (specifier: string) =>
  `import * as probe from '${specifier}';\nexport { probe };\n`;

describe('forbidden imports fail npm run lint', () => {
  it.each([
    {
      arrow: 'runtime → the CDK app',
      file: 'lambdas/templates/probe.ts',
      imports: '../../lib/constructs/data',
      message: /Runtime code must not import the CDK app/,
    },
    {
      arrow: 'runtime → the local stack',
      file: 'lambdas/shared/storage/probe.ts',
      imports: '../../../lib/local/emulators/resources',
      message: /Runtime code must not import the CDK app, the local stack/,
    },
    {
      arrow: 'shared → a domain',
      file: 'lambdas/shared/http/probe.ts',
      imports: '../../profiles/service',
      message: /Shared code must not import a domain/,
    },
    {
      arrow: 'contract design → the rest of the contract',
      file: 'contract/design/probe.ts',
      imports: '../plans',
      message: /design files .* are a leaf/,
    },
    {
      arrow: 'contract → shared runtime code',
      file: 'contract/probe.ts',
      imports: '../lambdas/shared/errors',
      message: /The contract is at the centre/,
    },
    {
      arrow: 'contract → the frontend',
      file: 'contract/probe.ts',
      imports: '../frontend/src/lib/format',
      message: /The contract is at the centre/,
    },
    {
      arrow: 'a domain → another domain’s handlers',
      file: 'lambdas/refunds/probe.ts',
      imports: '../disputes/handlers/create-dispute',
      message: /never its repo or handlers/,
    },
    {
      arrow: 'a domain → another domain’s *-repo file',
      file: 'lambdas/seller-applications/probe.ts',
      imports: '../profiles/admin-users-repo',
      message: /never its repo or handlers/,
    },
    {
      arrow: 'a domain → an entity another domain owns',
      file: 'lambdas/reviews/probe.ts',
      imports: '../shared/db/entities/payout',
      message: /Another domain owns this entity/,
    },
    {
      arrow: 'a read side → an entity of its owner it does not read',
      file: 'lambdas/catalog/probe.ts',
      imports: '../shared/db/entities/github-repo-link',
      message: /Another domain owns this entity/,
    },
    {
      arrow: 'frontend → a domain',
      file: 'frontend/src/features/templates/probe.ts',
      imports: '../../../../lambdas/templates/service',
      message: /The frontend imports only its own code/,
    },
    {
      arrow: 'frontend → the local stack',
      file: 'frontend/src/lib/probe.ts',
      imports: '../../../lib/local/stack',
      message: /The frontend imports only its own code/,
    },
    {
      arrow: 'CDK construct → the local stack',
      file: 'lib/constructs/probe.ts',
      imports: '../local/emulators/resources',
      message: /The CDK app must not depend on the local stack/,
    },
    {
      arrow: 'CDK stack → the local stack',
      file: 'lib/stacks/probe.ts',
      imports: '../local/cloud/state-machines',
      message: /The CDK app must not depend on the local stack/,
    },
  ])('$arrow', async ({ file, imports, message }) => {
    const messages = await boundaryMessages(file, importing(imports));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('every domain is kept out of every other domain’s repo', async () => {
    const withRepo = domains.filter((domain) =>
      ['templates', 'profiles', 'downloads', 'reviews', 'disputes', 'refunds'].includes(domain),
    );
    expect(withRepo.length).toBe(6);
    for (const domain of domains) {
      for (const other of withRepo.filter((candidate) => candidate !== domain)) {
        const messages = await boundaryMessages(
          `lambdas/${domain}/probe.ts`,
          importing(`../${other}/repo`),
        );
        expect(messages, `${domain} → ${other}/repo`).toEqual([
          expect.stringMatching(/never its repo or handlers/),
        ]);
      }
    }
    // One lint run per domain and repo (six per domain): seconds on a shared machine.
  }, 60_000);
});

describe('allowed imports pass', () => {
  it.each([
    { file: 'lambdas/downloads/probe.ts', imports: '../templates/transitions' },
    { file: 'lambdas/downloads/probe.ts', imports: '../profiles/service' },
    { file: 'lambdas/templates/probe.ts', imports: './repo' },
    { file: 'lambdas/profiles/probe.ts', imports: './admin-users-repo' },
    { file: 'lambdas/payouts/probe.ts', imports: '../shared/db/entities/payout' },
    { file: 'lambdas/catalog/probe.ts', imports: '../shared/db/entities/template' },
    { file: 'lambdas/stats/probe.ts', imports: '../shared/db/entities/counter' },
    { file: 'lambdas/shared/probe.ts', imports: './db/entities/audit-entry' },
    { file: 'lambdas/templates/probe.ts', imports: '../../contract/routes' },
    { file: 'lambdas/shared/http/probe.ts', imports: '../../../contract/routes' },
    { file: 'contract/probe.ts', imports: './design/auth-design' },
    { file: 'contract/design/probe.ts', imports: './table-design' },
    { file: 'frontend/src/lib/probe.ts', imports: '@contract/plans' },
    { file: 'frontend/src/lib/probe.ts', imports: '@contract/design/site-config' },
    { file: 'frontend/src/lib/probe.ts', imports: '../../../contract/routes' },
    { file: 'lib/constructs/probe.ts', imports: '../../contract/routes' },
    { file: 'lib/local/probe.ts', imports: '../../contract/design/table-design' },
    { file: 'lib/local/probe.ts', imports: '../constructs/marketplace-function' },
    { file: 'test/unit/probe.ts', imports: '../../lib/local/emulators/resources' },
  ])('$file may import $imports', async ({ file, imports }) => {
    expect(await boundaryMessages(file, importing(imports))).toEqual([]);
  });
});

describe('each entity is written by its owner only', () => {
  const writeMessages = (filePath: string, code: string): Promise<string[]> =>
    ruleMessages('domains/entity-writes', filePath, code);
  const using = (entity: string, name: string, call: string) =>
    `import { ${name} } from '../shared/db/entities/${entity}';\nexport const probe = () => ${name}.${call};\n`;

  it('every entity file has an owner (or is shared), naming domains that exist', () => {
    const files = readdirSync(path.join(root, 'lambdas/shared/db/entities'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(entityOwners).sort()).toEqual(files);
    for (const [entity, entry] of Object.entries(entityOwners)) {
      if ('shared' in entry) continue;
      for (const domain of [entry.owner, ...(entry.readers ?? []), ...(entry.writers ?? [])]) {
        expect(domains, `${entity}: ${domain}`).toContain(domain);
      }
    }
  });

  it.each([
    {
      file: 'lambdas/catalog/probe.ts',
      code: using('template-version', 'TemplateVersionEntity', "patch({ mvp_id: 'm', id: 'v' })"),
      owner: 'templates',
    },
    {
      file: 'lambdas/stats/probe.ts',
      code: using('catalog-version', 'CatalogVersionEntity', "upsert({ name: 'catalog' })"),
      owner: 'templates',
    },
    {
      // Profiles reads the entitlement for the owner's answer; only downloads writes it.
      file: 'lambdas/profiles/probe.ts',
      code: using('entitlement', 'EntitlementEntity', "patch({ user_id: 'u' })"),
      owner: 'downloads',
    },
  ])('$file: $code', async ({ file, code, owner }) => {
    expect(await writeMessages(file, code)).toEqual([
      expect.stringMatching(new RegExp(`^Only the ${owner} domain writes`)),
    ]);
  });

  it('reads of an entity a domain may import pass; its owner and its named writers write it', async () => {
    // The catalog counts a download on a template (M13 in docs/data-model.md).
    expect(
      await writeMessages(
        'lambdas/catalog/probe.ts',
        using('template', 'TemplateEntity', "patch({ id: 'm' })"),
      ),
    ).toEqual([]);
    expect(
      await writeMessages(
        'lambdas/catalog/probe.ts',
        using('template-version', 'TemplateVersionEntity', "get({ mvp_id: 'm', id: 'v' })"),
      ),
    ).toEqual([]);
    expect(
      await writeMessages(
        'lambdas/templates/probe.ts',
        using('template-version', 'TemplateVersionEntity', "patch({ mvp_id: 'm', id: 'v' })"),
      ),
    ).toEqual([]);
    expect(
      await writeMessages(
        'lambdas/reviews/probe.ts',
        using('counter', 'CounterEntity', "update({ name: 'reviews', bucket: 'all', shard: 0 })"),
      ),
    ).toEqual([]);
  });
});
