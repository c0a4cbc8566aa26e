/**
 * Deploy keys without SSH, for the local GitHub and Netlify servers. On the real services Netlify
 * clones a private repository over SSH with its deploy key, which the repository's owner added
 * read-only on GitHub. Locally git talks smart HTTP only, so the local Netlify builder proves it
 * holds the key's private half with HTTP Basic instead: user name `deploy-key`, password
 * `<timestamp>.<Ed25519 signature of "deploy-key\n<owner/name>\n<timestamp>">`. The local GitHub
 * server accepts it for reading (never pushing) exactly the repository the key was added to, for
 * five minutes.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

export const DEPLOY_KEY_USER = 'deploy-key';
const MAX_AGE_MS = 5 * 60 * 1000;

const sshString = (value: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
};

/** A new Ed25519 key pair: the OpenSSH public key and the PKCS#8 PEM private key. */
export const generateDeployKey = (): { publicKey: string; privateKey: string } => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  return {
    publicKey: `ssh-ed25519 ${blob.toString('base64')}`,
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
};

/** The Ed25519 key of an OpenSSH `ssh-ed25519 AAAA…` line, or undefined for anything else. */
export const parseSshPublicKey = (line: string) => {
  const [type, data] = line.trim().split(/\s+/);
  if (type !== 'ssh-ed25519' || !data) return undefined;
  const blob = Buffer.from(data, 'base64');
  const typeLength = blob.readUInt32BE(0);
  if (blob.subarray(4, 4 + typeLength).toString() !== 'ssh-ed25519') return undefined;
  const keyLength = blob.readUInt32BE(4 + typeLength);
  const raw = blob.subarray(8 + typeLength, 8 + typeLength + keyLength);
  if (raw.length !== 32) return undefined;
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
};

const message = (repoPath: string, timestamp: string) =>
  Buffer.from(`deploy-key\n${repoPath.toLowerCase()}\n${timestamp}`);

/** The Basic credentials that prove `privateKey` for `repoPath` (`owner/name`) now. */
export const deployKeyAuthorization = (privateKey: string, repoPath: string): string => {
  const timestamp = String(Date.now());
  const signature = sign(null, message(repoPath, timestamp), createPrivateKey(privateKey));
  const password = `${timestamp}.${signature.toString('base64url')}`;
  return `Basic ${Buffer.from(`${DEPLOY_KEY_USER}:${password}`).toString('base64')}`;
};

/** True when `password` was made recently by the private half of one of `publicKeys`. */
export const verifyDeployKeyPassword = (
  password: string,
  repoPath: string,
  publicKeys: readonly string[],
): boolean => {
  const [timestamp, signature] = password.split('.');
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() - Number(timestamp)) > MAX_AGE_MS) return false;
  const signed = Buffer.from(signature, 'base64url');
  return publicKeys.some((line) => {
    const key = parseSshPublicKey(line);
    return key !== undefined && verify(null, message(repoPath, timestamp), key, signed);
  });
};
