/**
 * The live preview's signed addresses through the security Lambda, against DynamoDB Local:
 * `GET /api/mvps/{id}/preview` (anyone, the live version's) and `GET /api/mvps/{id}/preview/newest`
 * (the seller and admins, the newest version's). The address is CloudFront's signed URL with a
 * custom policy: the signature verifies with the public half of the local signing key, the
 * policy's resource is the version's folder, and it expires after `PREVIEW_URL_SECONDS`.
 */
import { createPublicKey, createVerify } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveBuild, NewestBuild } from '../../../../contract/builds';
import { PREVIEW_MESSAGES, type LivePreview } from '../../../../contract/previews';
import { recordWithoutBuild } from '../../../../contract/design/build';
import {
  fromCloudFrontBase64,
  PREVIEW_URL_SECONDS,
  previewPath,
} from '../../../../contract/design/live-previews';
import type { ApiErrorBody } from '../../../../contract/errors';
import { recordVersionBuild } from '../../../../lambdas/builds/service';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { VersionBuildEntity } from '../../../../lambdas/shared/db/entities/version-build';
import { callRoute, makeCaller, type Caller } from '../../../fixtures/callers';
import { templateWithPreview } from '../../../fixtures/build-records';
import { seedTemplate } from '../../../fixtures/template-items';

const get = <T>(path: string, caller: Caller | null) =>
  callRoute<T>('security', 'GET', path, caller);

/** The signed address taken apart, its signature checked with the local key's public half. */
const readSigned = (url: string) => {
  const address = new URL(url);
  const policyText = Buffer.from(
    fromCloudFrontBase64(address.searchParams.get('Policy') ?? ''),
    'base64',
  ).toString('utf8');
  const { keyPairId, privateKey } = JSON.parse(process.env.PREVIEW_SIGNING_KEY!) as {
    keyPairId: string;
    privateKey: string;
  };
  const verifies = createVerify('RSA-SHA1')
    .update(policyText)
    .verify(
      createPublicKey(privateKey),
      fromCloudFrontBase64(address.searchParams.get('Signature') ?? ''),
      'base64',
    );
  const policy = JSON.parse(policyText) as {
    Statement: [{ Resource: string; Condition: { DateLessThan: { 'AWS:EpochTime': number } } }];
  };
  return {
    address,
    verifies,
    keyPairIdMatches: address.searchParams.get('Key-Pair-Id') === keyPairId,
    resource: policy.Statement[0].Resource,
    expires: policy.Statement[0].Condition.DateLessThan['AWS:EpochTime'],
  };
};

let owner: Caller;
let otherSeller: Caller;
let buyer: Caller;
let admin: Caller;
beforeAll(async () => {
  [owner, otherSeller, buyer, admin] = await Promise.all([
    makeCaller('seller', true),
    makeCaller('seller', true),
    makeCaller('buyer', false),
    makeCaller('admin', false),
  ]);
});

describe('GET /api/mvps/{id}/preview (the template page)', () => {
  it("signs the live version's folder for anyone: the signature verifies, the policy opens that folder until the expiry", async () => {
    const { mvpId, versionId } = await templateWithPreview(owner.sub);
    const before = Math.floor(Date.now() / 1000);
    const answer = await get<LivePreview>(`/api/mvps/${mvpId}/preview`, null);
    expect(answer.status).toBe(200);
    const signed = readSigned(answer.body.url);
    expect(signed.address.origin).toBe(process.env.PREVIEW_ORIGIN);
    expect(signed.address.pathname).toBe(previewPath(mvpId, versionId));
    expect(signed.verifies).toBe(true);
    expect(signed.keyPairIdMatches).toBe(true);
    expect(signed.resource).toBe(`${process.env.PREVIEW_ORIGIN}/${mvpId}/${versionId}/*`);
    expect(signed.expires).toBeGreaterThanOrEqual(before + PREVIEW_URL_SECONDS);
    expect(signed.expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + PREVIEW_URL_SECONDS);
    expect(Date.parse(answer.body.expires_at)).toBe(signed.expires * 1000);
    expect(answer.body.version_number).toBe('1.0.0');
    // A signed-in buyer gets the same kind of address.
    expect((await get<LivePreview>(`/api/mvps/${mvpId}/preview`, buyer)).status).toBe(200);
  });

  it('says in words that there is no preview: no static site, no build, not approved, unknown', async () => {
    const noSite = await seedTemplate(owner.sub, { status: 'approved' });
    const [version] = (await TemplateVersionEntity.query.byMvp({ mvp_id: noSite.id }).go()).data;
    await recordVersionBuild(noSite.id, version!.id, {
      ...recordWithoutBuild(null, 'failed', 'The build command failed (exit code 1).'),
    });
    const notBuilt = await seedTemplate(owner.sub, { status: 'approved' });
    const inReview = await templateWithPreview(owner.sub, 'pending_review');
    for (const id of [noSite.id, notBuilt.id, inReview.mvpId, ulid()]) {
      const answer = await get<ApiErrorBody>(`/api/mvps/${id}/preview`, null);
      expect(answer.status, id).toBe(404);
      expect(answer.body.message).toBe(PREVIEW_MESSAGES.noPreview);
    }
    const malformed = await get<ApiErrorBody>('/api/mvps/not-an-id/preview', null);
    expect(malformed.status).toBe(400);
  });
});

describe('a static site whose preview was withheld or retired', () => {
  it('has no preview for anyone, and its seller reads why', async () => {
    const withheld = await templateWithPreview(owner.sub);
    const retired = await templateWithPreview(owner.sub);
    const reason = 'The build worked, but its live preview was not published: used up.';
    await VersionBuildEntity.patch({ mvp_id: withheld.mvpId, version_id: withheld.versionId })
      .set({ preview_withheld: reason })
      .go();
    await VersionBuildEntity.patch({ mvp_id: retired.mvpId, version_id: retired.versionId })
      .set({ preview_retired_at: new Date().toISOString() })
      .go();
    for (const [{ mvpId }, note] of [
      [withheld, reason],
      [retired, PREVIEW_MESSAGES.retired],
    ] as const) {
      for (const path of [`/api/mvps/${mvpId}/preview`, `/api/mvps/${mvpId}/preview/newest`]) {
        const answer = await get<ApiErrorBody>(path, owner);
        expect(answer.status, path).toBe(404);
        expect(answer.body.message).toBe(PREVIEW_MESSAGES.noPreview);
      }
      const badge = await get<LiveBuild>(`/api/mvps/${mvpId}/build`, null);
      expect(badge.body.build).toMatchObject({ static_site: true, has_preview: false });
      const report = await get<NewestBuild>(`/api/mvps/${mvpId}/build/newest`, owner);
      expect(report.body.build).toMatchObject({ has_preview: false, preview_note: note });
    }
    const published = await templateWithPreview(owner.sub);
    const report = await get<NewestBuild>(`/api/mvps/${published.mvpId}/build/newest`, owner);
    expect(report.body.build).toMatchObject({ has_preview: true, preview_note: null });
  });
});

describe('GET /api/mvps/{id}/preview/newest (the seller before approval)', () => {
  it("signs the newest version's preview for its seller and admins, never for another seller or a buyer", async () => {
    const { mvpId, versionId } = await templateWithPreview(owner.sub, 'pending_review');
    for (const caller of [owner, admin]) {
      const answer = await get<LivePreview>(`/api/mvps/${mvpId}/preview/newest`, caller);
      expect(answer.status).toBe(200);
      const signed = readSigned(answer.body.url);
      expect(signed.verifies).toBe(true);
      expect(signed.resource).toBe(`${process.env.PREVIEW_ORIGIN}/${mvpId}/${versionId}/*`);
    }
    for (const caller of [otherSeller, buyer]) {
      const answer = await get<ApiErrorBody>(`/api/mvps/${mvpId}/preview/newest`, caller);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(PREVIEW_MESSAGES.notAuthorized);
      expect(answer.raw).not.toContain('Signature');
    }
    expect((await get(`/api/mvps/${mvpId}/preview/newest`, null)).status).toBe(401);
    // The seller's own template without a static site: 404 in words.
    const plain = await seedTemplate(owner.sub, { status: 'pending_review' });
    const none = await get<ApiErrorBody>(`/api/mvps/${plain.id}/preview/newest`, owner);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(PREVIEW_MESSAGES.noPreview);
  });
});
