/**
 * `GET /api/my/mvps/downloads` through the seller Lambda against DynamoDB Local: downloads made
 * through the real download transaction (downloads service), listed for the seller whose template
 * was downloaded and for nobody else, newest first, at most 5, without the buyer's identity.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { downloadTemplate } from '../../../../lambdas/downloads/spend';
import { dispatch as handler } from '../../../fixtures/dispatch';
import {
  SELLER_RECENT_DOWNLOADS,
  type SellerDownloadsResult,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { SELLER_REQUIRED_MESSAGE } from '../../../../lambdas/shared/auth/access';
import type { Role } from '../../../../contract/profile';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { storeTemplateFile } from '../../../fixtures/template-items';

interface Caller {
  sub: string;
  claims: Record<string, string>;
}

const makeUser = async (role: Role, approved: boolean): Promise<Caller> => {
  const sub = `${role}-${randomUUID()}`;
  await putProfile({
    id: sub,
    role,
    downloads_remaining: 50,
    download_quota: 50,
    is_seller_approved: approved,
  });
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

const approvedTemplate = async (sellerId: string, title: string) => {
  const template = templateItem({
    seller_id: sellerId,
    title,
    file_key: `mvps/${title}/bundle.zip`,
  });
  await TemplateEntity.create(template).go();
  await storeTemplateFile(template);
  return template;
};

const listRecent = async (caller: Caller) => {
  const result = await handler(
    apiEvent({ method: 'GET', path: '/api/my/mvps/downloads', claims: caller.claims }),
    lambdaContext('templates'),
  );
  return {
    status: result.statusCode,
    body: jsonBody<SellerDownloadsResult & ApiErrorBody>(result),
  };
};

describe('GET /api/my/mvps/downloads', () => {
  it("lists only the downloads of the caller's own templates, newest first, without buyers", async () => {
    const alice = await makeUser('seller', true);
    const bob = await makeUser('seller', true);
    const buyer = await makeUser('buyer', false);
    // A second buyer: the first one's second download of Alice Kit this month would spend and
    // record nothing.
    const another = await makeUser('buyer', false);
    const aliceKit = await approvedTemplate(alice.sub, 'Alice Kit');
    const bobKit = await approvedTemplate(bob.sub, 'Bob Kit');

    // Interleaved, one after another: downloaded_at orders them.
    await downloadTemplate(buyer.sub, aliceKit.id);
    await downloadTemplate(buyer.sub, bobKit.id);
    await downloadTemplate(another.sub, aliceKit.id);

    const forAlice = await listRecent(alice);
    expect(forAlice.status).toBe(200);
    expect(forAlice.body.items).toHaveLength(2);
    expect(forAlice.body.items.every((item) => item.mvp_id === aliceKit.id)).toBe(true);
    expect(forAlice.body.items[0]).toEqual({
      id: expect.any(String),
      mvp_id: aliceKit.id,
      mvp_title: 'Alice Kit',
      mvp_slug: aliceKit.slug,
      version_number: '1.0.0',
      downloaded_at: expect.any(String),
    });
    const [newer, older] = forAlice.body.items;
    expect(newer!.downloaded_at >= older!.downloaded_at).toBe(true);
    // Buyer privacy: nothing that names or identifies who downloaded.
    const raw = JSON.stringify(forAlice.body);
    expect(raw).not.toContain(buyer.sub);
    expect(raw).not.toContain(another.sub);
    expect(raw).not.toContain('@example.com');

    const forBob = await listRecent(bob);
    expect(forBob.body.items.map((item) => item.mvp_title)).toEqual(['Bob Kit']);
  });

  it('shows the 5 most recent only', async () => {
    const seller = await makeUser('seller', true);
    const kit = await approvedTemplate(seller.sub, 'Busy Kit');
    const ids: string[] = [];
    for (let i = 0; i < SELLER_RECENT_DOWNLOADS + 2; i += 1) {
      // One buyer each: a buyer's repeat download in the same month records nothing new.
      await downloadTemplate((await makeUser('buyer', false)).sub, kit.id);
    }
    const result = await listRecent(seller);
    expect(result.body.items).toHaveLength(SELLER_RECENT_DOWNLOADS);
    ids.push(...result.body.items.map((item) => item.downloaded_at));
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('is empty for a seller without downloads and refused to buyers and unapproved sellers', async () => {
    const fresh = await makeUser('seller', true);
    expect((await listRecent(fresh)).body.items).toEqual([]);

    for (const caller of [await makeUser('buyer', false), await makeUser('seller', false)]) {
      const refused = await listRecent(caller);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SELLER_REQUIRED_MESSAGE);
    }
    const anonymous = await handler(
      apiEvent({ method: 'GET', path: '/api/my/mvps/downloads' }),
      lambdaContext('templates'),
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
