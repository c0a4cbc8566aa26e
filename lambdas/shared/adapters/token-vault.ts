/**
 * Third-party tokens at rest ("OAuth tokens, webhook secrets are encrypted at
 * rest, KMS in the cloud, a key under `.local/` locally, and never returned to the browser or
 * logged").
 *
 * Envelope encryption, one data key per sealed value: the value is encrypted with AES-256-GCM
 * under a fresh 256-bit data key, and only the data key is wrapped by the key service. The code
 * that encrypts is the same in both targets; only the wrapper differs:
 *
 * - cloud: AWS KMS (`TOKEN_KMS_KEY_ARN`): `GenerateDataKey` to seal, `Decrypt` to open, with the
 *   context as KMS encryption context, so CloudTrail shows whose token was opened for what;
 * - local: AES-256-GCM key wrap under `TOKEN_LOCAL_KEY` (32 random bytes kept in
 *   `.local/state.json`, never in the repository).
 *
 * The context (`purpose` and `owner`) is bound to the ciphertext as additional authenticated data
 * (and to the wrapped key), so a token sealed for one user cannot be moved onto another user's
 * record and opened there: it fails authentication instead.
 *
 * Sealed form (a string, safe to store as an attribute):
 *   `v1.<kms|local>.<wrapped data key>.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from '../config';

/** What a sealed value is for and whose it is; both must match to open it. */
export interface VaultContext {
  /** e.g. `github-oauth-token`, `netlify-oauth-token`, `github-webhook-secret`. */
  purpose: string;
  /** The owning user or template id. */
  owner: string;
}

/** The part that differs between targets: wrapping and unwrapping a data key. */
export interface KeyWrapper {
  readonly kind: 'kms' | 'local';
  /** A fresh 32-byte data key and its wrapped form. */
  generate(context: VaultContext): Promise<{ key: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, context: VaultContext): Promise<Buffer>;
}

/** A value that cannot be opened: tampered, sealed for another context, or another key. */
export class VaultOpenError extends Error {
  constructor(reason: string) {
    super(`Sealed value could not be opened: ${reason}`);
    this.name = 'VaultOpenError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;

const contextBytes = (context: VaultContext): Buffer =>
  Buffer.from(JSON.stringify({ purpose: context.purpose, owner: context.owner }), 'utf8');

const b64 = (value: Buffer): string => value.toString('base64url');

const gcmEncrypt = (key: Buffer, plaintext: Buffer, aad: Buffer) => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
};

const gcmDecrypt = (
  key: Buffer,
  parts: { iv: Buffer; ciphertext: Buffer; tag: Buffer },
  aad: Buffer,
) => {
  const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
};

/** The local wrapper: AES-256-GCM under a 32-byte key (base64url). */
export const localKeyWrapper = (masterKey: string): KeyWrapper => {
  const master = Buffer.from(masterKey, 'base64url');
  if (master.length !== 32) throw new Error('TOKEN_LOCAL_KEY must be 32 bytes, base64url.');
  return {
    kind: 'local',
    generate: async (context) => {
      const key = randomBytes(32);
      const { iv, ciphertext, tag } = gcmEncrypt(master, key, contextBytes(context));
      return { key, wrapped: Buffer.concat([iv, tag, ciphertext]) };
    },
    unwrap: async (wrapped, context) => {
      const iv = wrapped.subarray(0, IV_BYTES);
      const tag = wrapped.subarray(IV_BYTES, IV_BYTES + 16);
      const ciphertext = wrapped.subarray(IV_BYTES + 16);
      return gcmDecrypt(master, { iv, ciphertext, tag }, contextBytes(context));
    },
  };
};

/** The cloud wrapper: a KMS key; the SDK is loaded on first use only. */
export const kmsKeyWrapper = (keyId: string): KeyWrapper => {
  const client = import('@aws-sdk/client-kms').then((sdk) => ({
    sdk,
    kms: new sdk.KMSClient({}),
  }));
  const encryptionContext = (context: VaultContext) => ({
    purpose: context.purpose,
    owner: context.owner,
  });
  return {
    kind: 'kms',
    generate: async (context) => {
      const { sdk, kms } = await client;
      const result = await kms.send(
        new sdk.GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!result.Plaintext || !result.CiphertextBlob) throw new Error('KMS returned no data key.');
      return { key: Buffer.from(result.Plaintext), wrapped: Buffer.from(result.CiphertextBlob) };
    },
    unwrap: async (wrapped, context) => {
      const { sdk, kms } = await client;
      const result = await kms.send(
        new sdk.DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: wrapped,
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!result.Plaintext) throw new Error('KMS returned no plaintext.');
      return Buffer.from(result.Plaintext);
    },
  };
};

export interface TokenVault {
  seal(plaintext: string, context: VaultContext): Promise<string>;
  /** Throws VaultOpenError when the value was changed or belongs to another context. */
  open(sealed: string, context: VaultContext): Promise<string>;
}

export const createTokenVault = (wrapper: KeyWrapper): TokenVault => ({
  seal: async (plaintext, context) => {
    const { key, wrapped } = await wrapper.generate(context);
    try {
      const { iv, ciphertext, tag } = gcmEncrypt(
        key,
        Buffer.from(plaintext, 'utf8'),
        contextBytes(context),
      );
      return [VERSION, wrapper.kind, b64(wrapped), b64(iv), b64(ciphertext), b64(tag)].join('.');
    } finally {
      key.fill(0);
    }
  },
  open: async (sealed, context) => {
    const parts = sealed.split('.');
    if (parts.length !== 6 || parts[0] !== VERSION) throw new VaultOpenError('unknown format');
    if (parts[1] !== wrapper.kind) {
      throw new VaultOpenError(`sealed by ${parts[1]}, this vault opens ${wrapper.kind}`);
    }
    const [wrapped, iv, ciphertext, tag] = parts
      .slice(2)
      .map((part) => Buffer.from(part, 'base64url'));
    let key: Buffer;
    try {
      key = await wrapper.unwrap(wrapped!, context);
    } catch (error) {
      if (
        wrapper.kind === 'kms' &&
        !(error instanceof Error && /InvalidCiphertext/.test(error.name))
      ) {
        throw error;
      }
      throw new VaultOpenError('the data key does not open in this context');
    }
    try {
      return gcmDecrypt(
        key,
        { iv: iv!, ciphertext: ciphertext!, tag: tag! },
        contextBytes(context),
      ).toString('utf8');
    } catch (_error) {
      throw new VaultOpenError('authentication failed');
    } finally {
      key.fill(0);
    }
  },
});

let cached: TokenVault | undefined;

/**
 * The vault of this function: KMS when `TOKEN_KMS_KEY_ARN` is set (the cloud), else the local key.
 * Neither set is a configuration error, said on first use.
 */
export const tokenVault = (): TokenVault => {
  if (cached) return cached;
  const { TOKEN_KMS_KEY_ARN: kmsKey, TOKEN_LOCAL_KEY: localKey } = config();
  if (kmsKey) cached = createTokenVault(kmsKeyWrapper(kmsKey));
  else if (localKey) cached = createTokenVault(localKeyWrapper(localKey));
  else throw new Error('Token vault is not configured: set TOKEN_KMS_KEY_ARN or TOKEN_LOCAL_KEY.');
  return cached;
};
