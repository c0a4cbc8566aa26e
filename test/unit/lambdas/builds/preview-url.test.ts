/**
 * The preview signer (lambdas/builds/preview-url.ts) and the Live preview's rules
 * (contract/previews.ts): CloudFront's custom-policy signed URL over the version's folder, its
 * URL-safe base64, the time it lives; when the page asks for a new address; how the frame scales.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cloudFrontBase64,
  fromCloudFrontBase64,
  PREVIEW_URL_SECONDS,
} from '../../../../contract/design/live-previews';
import { previewRefreshDelayMs, previewScale } from '../../../../contract/previews';
import { parsePreviewSigningKey, signPreviewUrl } from '../../../../lambdas/builds/preview-url';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = parsePreviewSigningKey(
  JSON.stringify({
    keyPairId: 'K2JCJMDEHXQW5F',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
  }),
);

describe('signPreviewUrl', () => {
  it('signs the folder with a custom policy, as CloudFront reads it', () => {
    const now = Date.UTC(2026, 11, 7, 12, 0, 0);
    const { url, expiresAt } = signPreviewUrl({
      origin: 'https://d111.cloudfront.net/',
      templateId: 'T1',
      versionId: 'V1',
      key,
      now,
    });
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe('https://d111.cloudfront.net/T1/V1/');
    expect([...address.searchParams.keys()]).toEqual(['Policy', 'Signature', 'Key-Pair-Id']);
    expect(address.searchParams.get('Key-Pair-Id')).toBe('K2JCJMDEHXQW5F');
    const expires = now / 1000 + PREVIEW_URL_SECONDS;
    expect(expiresAt.getTime()).toBe(expires * 1000);
    const policy = Buffer.from(
      fromCloudFrontBase64(address.searchParams.get('Policy')!),
      'base64',
    ).toString('utf8');
    // CloudFront's JSON exactly, without white space: the signature is over these bytes.
    expect(policy).toBe(
      `{"Statement":[{"Resource":"https://d111.cloudfront.net/T1/V1/*","Condition":{"DateLessThan":{"AWS:EpochTime":${expires}}}}]}`,
    );
    const signature = fromCloudFrontBase64(address.searchParams.get('Signature')!);
    expect(createVerify('RSA-SHA1').update(policy).verify(publicKey, signature, 'base64')).toBe(
      true,
    );
    // Only CloudFront's URL-safe characters: no +, = or / in the query values.
    for (const name of ['Policy', 'Signature']) {
      expect(address.searchParams.get(name)).toMatch(/^[A-Za-z0-9\-_~]+$/);
    }
  });

  it('uses CloudFront’s base64 substitutions both ways', () => {
    expect(cloudFrontBase64('a+b/c==')).toBe('a-b~c__');
    expect(fromCloudFrontBase64('a-b~c__')).toBe('a+b/c==');
  });

  it('refuses a secret that is not a key pair, in words', () => {
    expect(() => parsePreviewSigningKey('not json')).toThrow(/not JSON/);
    expect(() => parsePreviewSigningKey('{"keyPairId":"K"}')).toThrow(/lacks/);
  });
});

describe('the Live preview frame', () => {
  it('asks for a new address a minute before it expires, never sooner than 10 s', () => {
    const now = Date.UTC(2026, 0, 1);
    const in30 = new Date(now + 30 * 60_000).toISOString();
    expect(previewRefreshDelayMs(in30, now)).toBe(29 * 60_000);
    expect(previewRefreshDelayMs(new Date(now + 30_000).toISOString(), now)).toBe(10_000);
  });

  it('scales a frame wider than the column down to it, and never up', () => {
    expect(previewScale(1280, 640)).toBe(0.5);
    expect(previewScale(390, 640)).toBe(1);
    // Not measured yet: full size.
    expect(previewScale(1280, 0)).toBe(1);
  });
});
