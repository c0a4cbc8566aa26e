/**
 * Licence certificates through the licences Lambda against DynamoDB Local: a licence is written
 * only inside another domain's transaction (`licenseWrite`), anyone holding its id can verify it
 * (without the holder's account id or e-mail), and each buyer lists only their own, newest first,
 * a page at a time.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/licenses/index';
import { licenseWrite, licenseeNameOf } from '../../../../lambdas/licenses/service';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  LICENSE_MESSAGES,
  LICENSE_TERMS_SUMMARY,
  type License,
  type LicenseList,
} from '../../../../contract/licenses';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { INVALID_CURSOR_MESSAGE } from '../../../../lambdas/shared/http/cursor';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (path: string, sub?: string, query?: Record<string, string>) =>
  handler(
    apiEvent({ path, query, claims: sub ? claimsOf(sub) : undefined }),
    lambdaContext('licenses'),
  );

/** Issues a licence as the download and order transactions do, and returns its id. */
const issue = async (
  userId: string,
  overrides: Partial<Parameters<typeof licenseWrite>[0]> = {},
): Promise<string> => {
  const template = templateItem({ licensing_terms: 'premium_commercial', version_number: '2.1.0' });
  const { id, write } = licenseWrite({
    userId,
    licenseeName: 'Ada Lovelace',
    mvp: template,
    source: 'subscription',
    planType: 'pro',
    downloadId: randomUUID(),
    now: new Date().toISOString(),
    ...overrides,
  });
  const result = await transactWrite({ license: write });
  expect(result.canceled).toBe(false);
  return id;
};

describe('GET /api/licenses/{id}', () => {
  it('shows the certificate to anyone holding the id, without the holder’s account', async () => {
    const holder = `holder-${randomUUID()}`;
    const id = await issue(holder, {
      source: 'order',
      orderId: 'cs_test_123',
      planType: undefined,
    });

    const result = await call(`/api/licenses/${id}`);
    expect(result.statusCode).toBe(200);
    const license = jsonBody<License>(result);
    expect(license).toMatchObject({
      id,
      licensee_name: 'Ada Lovelace',
      version_number: '2.1.0',
      licensing_terms: 'premium_commercial',
      terms_title: LICENSE_TERMS_SUMMARY.premium_commercial.title,
      terms_summary: LICENSE_TERMS_SUMMARY.premium_commercial.summary,
      source: 'order',
      plan_type: null,
      order_id: 'cs_test_123',
    });
    expect(result.body).not.toContain(holder);
    expect(result.body).not.toContain('@');
    expect(Object.keys(license)).not.toContain('user_id');
    // Lower-case ids (typed by hand) find it too.
    expect((await call(`/api/licenses/${id.toLowerCase()}`)).statusCode).toBe(200);
  });

  it('answers 404 with a clear message for an unknown or malformed id', async () => {
    for (const id of ['01J00000000000000000000000', 'not-a-licence', 'x'.repeat(64)]) {
      const result = await call(`/api/licenses/${id}`);
      expect(result.statusCode, id).toBe(404);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(LICENSE_MESSAGES.notFound);
    }
  });

  it('writes a licence only once: the same id cannot be issued twice', async () => {
    const id = await issue(`holder-${randomUUID()}`);
    const stored = (await LicenseEntity.get({ id }).go()).data!;
    const again = await transactWrite({ license: LicenseEntity.create(stored) });
    expect(again.failed('license')).toBe('ConditionalCheckFailed');
  });
});

describe('GET /api/me/licenses', () => {
  it('lists the caller’s licences newest first, a page at a time, and nobody else’s', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push(await issue(buyer, { now: new Date(Date.now() + index * 1000).toISOString() }));
    }
    await issue(`other-${randomUUID()}`);

    const first = await call('/api/me/licenses', buyer, { limit: '2' });
    expect(first.statusCode).toBe(200);
    const page = jsonBody<LicenseList>(first);
    expect(page.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(page.cursor).not.toBeNull();
    const second = jsonBody<LicenseList>(
      await call('/api/me/licenses', buyer, { limit: '2', cursor: page.cursor! }),
    );
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.cursor).toBeNull();

    // Another caller cannot continue this list with the cursor.
    const stolen = await call('/api/me/licenses', `thief-${randomUUID()}`, {
      cursor: page.cursor!,
    });
    expect(stolen.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(stolen).message).toBe(INVALID_CURSOR_MESSAGE);
  });

  it('refuses a bad limit and needs a signed-in caller', async () => {
    const bad = await call('/api/me/licenses', `buyer-${randomUUID()}`, { limit: '0x10' });
    expect(bad.statusCode).toBe(400);
    expect((await call('/api/me/licenses')).statusCode).toBe(401);
  });
});

describe('licenseeNameOf', () => {
  it('names the holder by display name, else username, else the id; never the e-mail', () => {
    expect(licenseeNameOf({ id: 'abcdef123456', display_name: 'Ada', username: 'ada' })).toBe(
      'Ada',
    );
    expect(licenseeNameOf({ id: 'abcdef123456', display_name: '  ', username: 'ada' })).toBe('ada');
    expect(licenseeNameOf({ id: 'abcdef123456', display_name: null, username: null })).toBe(
      'Buyer abcdef12',
    );
  });
});
