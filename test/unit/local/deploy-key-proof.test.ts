/**
 * The local stand-in for SSH deploy keys (lib/local/servers/deploy-key-proof.ts): a key pair in OpenSSH
 * form, a proof that only its private half can make, bound to one repository and five minutes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deployKeyAuthorization,
  generateDeployKey,
  parseSshPublicKey,
  verifyDeployKeyPassword,
} from '../../../lib/local/servers/deploy-key-proof';

const passwordOf = (authorization: string) =>
  Buffer.from(authorization.replace(/^Basic /, ''), 'base64')
    .toString()
    .split(':')[1]!;

afterEach(() => vi.useRealTimers());

describe('deploy key proof', () => {
  const key = generateDeployKey();
  const other = generateDeployKey();

  it('writes the public key as OpenSSH ssh-ed25519 and reads it back', () => {
    expect(key.publicKey).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/=]+$/);
    expect(parseSshPublicKey(key.publicKey)).toBeDefined();
    expect(parseSshPublicKey('ssh-rsa AAAAB3NzaC1yc2E')).toBeUndefined();
  });

  it('is accepted for its repository by its public key only', () => {
    const password = passwordOf(deployKeyAuthorization(key.privateKey, 'Alice/Shop'));
    expect(verifyDeployKeyPassword(password, 'alice/shop', [key.publicKey])).toBe(true);
    expect(verifyDeployKeyPassword(password, 'alice/other', [key.publicKey])).toBe(false);
    expect(verifyDeployKeyPassword(password, 'alice/shop', [other.publicKey])).toBe(false);
    expect(verifyDeployKeyPassword(`${password}x`, 'alice/shop', [key.publicKey])).toBe(false);
  });

  it('expires after five minutes', () => {
    const password = passwordOf(deployKeyAuthorization(key.privateKey, 'alice/shop'));
    vi.useFakeTimers({ now: Date.now() + 6 * 60 * 1000 });
    expect(verifyDeployKeyPassword(password, 'alice/shop', [key.publicKey])).toBe(false);
  });
});
