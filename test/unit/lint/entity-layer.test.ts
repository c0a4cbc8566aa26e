/**
 * Only repo files use the entity layer (eslint.entity-layer.js, the rule `domains/entity-layer`):
 * probes are linted through the repository's own ESLint config as if they were files of the tree
 * (the file need not exist). A service's, a handler's or a task's value import of an entity, of
 * the entity builder or of the transaction helper is reported; a type import is not, anywhere; a
 * repo file's value import is not.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRepoLinter } from '../../fixtures/lint';
import { isEntityLayer, isRepoFile } from '../../../eslint.entity-layer.js';

const lint = useRepoLinter();

/** The `domains/entity-layer` messages ESLint reports for `code` as the file at `filePath`. */
const layerMessages = (filePath: string, code: string) =>
  lint('domains/entity-layer', filePath, code);

const entityRead =
  "import { TemplateEntity } from '../shared/db/entities/template';\n" +
  "export const probe = () => TemplateEntity.get({ id: 'm' }).go();\n";

describe(
  'a value import of the entity layer outside a repo file fails',
  { timeout: 30_000 },
  () => {
    it.each([
      { file: 'lambdas/templates/service.ts', code: entityRead, module: 'entities/template' },
      {
        file: 'lambdas/templates/handlers/probe.ts',
        code: "import { TemplateEntity } from '../../shared/db/entities/template';\nexport const probe = TemplateEntity;\n",
        module: 'entities/template',
      },
      {
        file: 'lambdas/security/tasks/probe.ts',
        code: "import { isConditionFailure } from '../../shared/db/model';\nexport const probe = isConditionFailure;\n",
        module: 'model',
      },
      {
        file: 'lambdas/templates/probe.ts',
        code: "import { isConditionFailure } from '../shared/db/entity';\nexport const probe = isConditionFailure;\n",
        module: 'entity',
      },
      {
        file: 'lambdas/billing/service.ts',
        code: "import { transactWrite } from '../shared/db/transaction';\nexport const probe = transactWrite;\n",
        module: 'transaction',
      },
      {
        // One value name among type names still bundles the entity.
        file: 'lambdas/profiles/service.ts',
        code: "import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';\nexport const probe = (item: ProfileItem) => ProfileEntity.put(item);\n",
        module: 'entities/profile',
      },
      {
        file: 'lambdas/templates/probe.ts',
        code: "export { TemplateEntity } from '../shared/db/entities/template';\n",
        module: 'entities/template',
      },
      {
        file: 'lambdas/templates/probe.ts',
        code: "export const probe = () => import('../shared/db/entities/template');\n",
        module: 'entities/template',
      },
      {
        // Shared code outside the entity layer is no exception.
        file: 'lambdas/shared/auth/probe.ts',
        code: "import { OAuthStateEntity } from '../db/entities/oauth-state';\nexport const probe = OAuthStateEntity;\n",
        module: 'entities/oauth-state',
      },
    ])('$file importing $module', async ({ file, code, module }) => {
      expect(await layerMessages(file, code)).toEqual([
        expect.stringContaining(
          `Only repo files (repo.ts, *-repo.ts) use the entity layer (lambdas/shared/db/${module})`,
        ),
      ]);
    });
  },
);

describe('type imports and repo files pass', { timeout: 30_000 }, () => {
  it.each([
    {
      file: 'lambdas/templates/service.ts',
      code: "import type { TemplateItem } from '../shared/db/entities/template';\nexport type Probe = TemplateItem;\n",
    },
    {
      file: 'lambdas/templates/service.ts',
      code: "import { type PendingEdit } from '../shared/db/entities/template';\nexport type Probe = PendingEdit;\n",
    },
    {
      file: 'lambdas/billing/service.ts',
      code: "import type { TransactionItems } from '../shared/db/transaction';\nexport type Probe = TransactionItems;\n",
    },
    {
      file: 'lambdas/templates/service.ts',
      code: "export type { TemplateItem } from '../shared/db/entities/template';\n",
    },
    { file: 'lambdas/templates/repo.ts', code: entityRead },
    { file: 'lambdas/templates/site-settings-repo.ts', code: entityRead },
    { file: 'lambdas/templates/repo/probe.ts', code: entityRead },
    {
      file: 'lambdas/shared/db/entities/probe.ts',
      code: "import { defineEntity } from '../entity';\nexport const probe = defineEntity;\n",
    },
    {
      // A repo function called from a service is the way in.
      file: 'lambdas/templates/service.ts',
      code: "import { getTemplate } from './repo';\nexport const probe = getTemplate;\n",
    },
  ])('$file: $code', async ({ file, code }) => {
    expect(await layerMessages(file, code)).toEqual([]);
  });
});

describe('what counts', () => {
  it('repo files are repo.ts, *-repo.ts and files under repo/, and the entity layer itself', () => {
    const repo = (file: string) => isRepoFile(file.split('/').join(path.sep));
    expect(repo('lambdas/templates/repo.ts')).toBe(true);
    expect(repo('lambdas/templates/build-read-repo.ts')).toBe(true);
    expect(repo('lambdas/templates/repo/versions.ts')).toBe(true);
    expect(repo('lambdas/shared/auth/oauth-state-repo.ts')).toBe(true);
    expect(repo('lambdas/shared/db/entities/template.ts')).toBe(true);
    expect(repo('lambdas/templates/service.ts')).toBe(false);
    expect(repo('lambdas/templates/repository.ts')).toBe(false);
    expect(repo('lambdas/templates/handlers/repo-probe.ts')).toBe(false);
    expect(repo('lambdas/templates/handlers/repo/probe.ts')).toBe(false);
    expect(repo('lambdas/shared/audit.ts')).toBe(false);
    expect(repo('lib/local/seed/repo.ts')).toBe(false);
  });

  it('the entity layer is everything under lambdas/shared/db', () => {
    const layer = (file: string) => isEntityLayer(file.split('/').join(path.sep));
    expect(layer('lambdas/shared/db/entities/template')).toBe(true);
    expect(layer('lambdas/shared/db/transaction')).toBe(true);
    expect(layer('lambdas/shared/db/client')).toBe(true);
    expect(layer('lambdas/shared/dbx/probe')).toBe(false);
    expect(layer('lambdas/shared/errors')).toBe(false);
  });
});
