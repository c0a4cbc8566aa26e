/**
 * 'Failed to update download quota.': when the quota's write keeps losing to
 * concurrent writes of the same profile (a TransactionConflict on the quota item, every retry),
 * the buyer is told so and nothing is spent. The download transaction is made to lose as DynamoDB
 * would answer it (our own repository wrapped; nothing of AWS is faked).
 */
import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import { DOWNLOAD_MESSAGES } from '../../../../contract/downloads';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { putProfile, entitlementOf } from '../../../fixtures/profiles';
import { storeTemplateFile } from '../../../fixtures/template-items';

const attempts = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../../../lambdas/downloads/repo', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../lambdas/downloads/repo')>();
  return {
    ...original,
    // Every attempt loses on the quota item, as under a storm of writes to one profile.
    recordDownload: async (input: { downloadId: string }) => {
      attempts.count += 1;
      const codes = { quota: 'TransactionConflict', row: 'None', mvp: 'None' } as const;
      return {
        downloadId: input.downloadId,
        result: {
          canceled: true,
          codes,
          failed: (name: string) => (name === 'quota' ? 'TransactionConflict' : undefined),
          any: (code: string) => code === 'TransactionConflict',
        },
      };
    },
  };
});

it("answers 'Failed to update download quota.' when the quota's write keeps losing", async () => {
  const buyer = `buyer-${randomUUID()}`;
  await putProfile({ id: buyer, download_quota: 15, downloads_remaining: 3 });
  const template = templateWithFile({ title: 'Contended Kit' });
  await TemplateEntity.create(template).go();
  await storeTemplateFile(template);

  const result = await handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${template.id}/download`,
      claims: idTokenClaims({ sub: buyer, email: `${buyer}@example.com` }),
    }),
    lambdaContext('downloads'),
  );

  expect(result.statusCode).toBe(409);
  expect(jsonBody<{ message: string }>(result).message).toBe(DOWNLOAD_MESSAGES.quotaUpdateFailed);
  // Tried, retried, then gave up; and the quota is as it was.
  expect(attempts.count).toBeGreaterThan(1);
  expect((await entitlementOf(buyer)).downloads_remaining).toBe(3);
});
