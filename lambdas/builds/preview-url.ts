/**
 * Signed addresses of live previews: the one code path that signs them, in the cloud and locally.
 * A CloudFront signed URL with a custom policy (contract/design/live-previews.ts): the policy
 * opens every file of the version's folder (`{origin}/{template}/{version}/*`) for
 * `PREVIEW_URL_SECONDS`; the preview distribution (or the local preview server) turns it into
 * cookies for that folder. Signed with the `previewSigningKey` secret (`{"keyPairId",
 * "privateKey"}`), read as every secret is (lambdas/shared/secrets.ts) and parsed once per value.
 *
 * `@aws-sdk/cloudfront-signer` is not a dependency: CloudFront's documented signing is RSA-SHA1
 * over the policy's bytes and its URL-safe base64, a few lines of node:crypto.
 */
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import {
  cloudFrontBase64,
  PREVIEW_SIGNATURE_PARAMS,
  PREVIEW_URL_SECONDS,
  previewPath,
  previewPolicy,
  previewResource,
} from '../../contract/design/live-previews';
import { config } from '../shared/config';
import { readSecret } from '../shared/secrets';

/** The signing key as the secret holds it, parsed. */
export interface PreviewSigningKey {
  keyPairId: string;
  privateKey: KeyObject;
}

/** A signed address and when it stops working. */
export interface SignedPreview {
  url: string;
  expiresAt: Date;
}

export interface SignPreviewInput {
  /** The previews' origin (`https://previews.example.com`). */
  origin: string;
  templateId: string;
  versionId: string;
  key: PreviewSigningKey;
  /** Now, in ms (tests pass their own). */
  now?: number;
  /** How long the address lives; `PREVIEW_URL_SECONDS` unless a test says otherwise. */
  seconds?: number;
}

/** Signs the address of a version's preview folder with a custom policy over that folder. */
export const signPreviewUrl = ({
  origin,
  templateId,
  versionId,
  key,
  now = Date.now(),
  seconds = PREVIEW_URL_SECONDS,
}: SignPreviewInput): SignedPreview => {
  const expires = Math.floor(now / 1000) + seconds;
  const policy = previewPolicy(previewResource(origin, templateId, versionId), expires);
  const signature = createSign('RSA-SHA1').update(policy).sign(key.privateKey, 'base64');
  const query = new URLSearchParams({
    [PREVIEW_SIGNATURE_PARAMS.policy]: cloudFrontBase64(Buffer.from(policy).toString('base64')),
    [PREVIEW_SIGNATURE_PARAMS.signature]: cloudFrontBase64(signature),
    [PREVIEW_SIGNATURE_PARAMS.keyPairId]: key.keyPairId,
  });
  return {
    url: `${origin.replace(/\/+$/, '')}${previewPath(templateId, versionId)}?${query.toString()}`,
    expiresAt: new Date(expires * 1000),
  };
};

/** The secret's value parsed into a key; throws with words when it is not a key pair. */
export const parsePreviewSigningKey = (value: string): PreviewSigningKey => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new Error('The preview signing key is not JSON {"keyPairId", "privateKey"}.', {
      cause: error,
    });
  }
  const { keyPairId, privateKey } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof keyPairId !== 'string' || !keyPairId || typeof privateKey !== 'string') {
    throw new Error('The preview signing key lacks its keyPairId or privateKey.');
  }
  return { keyPairId, privateKey: createPrivateKey(privateKey) };
};

/** The last value read and its parsed key: a PEM is parsed once per value, not per request. */
let cached: { value: string; key: PreviewSigningKey } | undefined;

/** The deployment's signing key (the secret is re-read at most every five minutes). */
export const previewSigningKey = async (): Promise<PreviewSigningKey> => {
  const value = await readSecret('previewSigningKey');
  if (cached?.value !== value) cached = { value, key: parsePreviewSigningKey(value) };
  return cached.key;
};

/** A signed address of a version's preview, on the deployment's preview origin. */
export const signedPreviewOf = async (
  templateId: string,
  versionId: string,
): Promise<SignedPreview> => {
  const origin = config().PREVIEW_ORIGIN;
  if (!origin) throw new Error('PREVIEW_ORIGIN is not set: previews cannot be signed.');
  return signPreviewUrl({ origin, templateId, versionId, key: await previewSigningKey() });
};
