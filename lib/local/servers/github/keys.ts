/**
 * The local GitHub App's RSA key pair, kept in one PEM file (e.g. `.local/github/app-key.pem`):
 * the product signs app JWTs with the private key (as with a key downloaded from GitHub), the
 * local server verifies them with the public key. Made on first use.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface AppKeyPair {
  /** PKCS#8 PEM: what `@octokit/auth-app` takes as `privateKey`. */
  privateKey: string;
  /** SPKI PEM: the local server's `app.publicKey`. */
  publicKey: string;
}

/** Reads the private key from `file`, or makes a 2048-bit one there (mode 0600). */
export const localAppKeyPair = (file: string): AppKeyPair => {
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, privateKey, { mode: 0o600 });
  }
  const privateKey = readFileSync(file, 'utf8');
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKey };
};
