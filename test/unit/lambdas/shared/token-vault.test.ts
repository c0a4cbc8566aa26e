/**
 * Tokens at rest (lambdas/shared/adapters/token-vault.ts) with the local key wrapper: a sealed
 * value opens only in its own context and under its own key, never shows the token, and any
 * change to any part is refused.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  VaultOpenError,
  createTokenVault,
  localKeyWrapper,
} from '../../../../lambdas/shared/adapters/token-vault';

const newKey = () => randomBytes(32).toString('base64url');
const vault = createTokenVault(localKeyWrapper(newKey()));
const context = { purpose: 'github-oauth-token', owner: 'user-a' };
const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';

describe('token vault', () => {
  it('opens what it sealed, and the sealed form does not contain the token', async () => {
    const sealed = await vault.seal(TOKEN, context);
    expect(sealed).toMatch(/^v1\.local\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64url'));
    await expect(vault.open(sealed, context)).resolves.toBe(TOKEN);
  });

  it('seals the same token differently each time (fresh data key and IV)', async () => {
    const [one, two] = await Promise.all([vault.seal(TOKEN, context), vault.seal(TOKEN, context)]);
    expect(one).not.toBe(two);
  });

  it("refuses to open a token in another owner's or purpose's context", async () => {
    const sealed = await vault.seal(TOKEN, context);
    await expect(vault.open(sealed, { ...context, owner: 'user-b' })).rejects.toBeInstanceOf(
      VaultOpenError,
    );
    await expect(
      vault.open(sealed, { ...context, purpose: 'netlify-oauth-token' }),
    ).rejects.toBeInstanceOf(VaultOpenError);
  });

  it('refuses a value sealed under another key', async () => {
    const other = createTokenVault(localKeyWrapper(newKey()));
    const sealed = await other.seal(TOKEN, context);
    await expect(vault.open(sealed, context)).rejects.toBeInstanceOf(VaultOpenError);
  });

  it('refuses every single-part change and malformed input', async () => {
    const sealed = await vault.seal(TOKEN, context);
    const parts = sealed.split('.');
    for (let index = 2; index < parts.length; index += 1) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      const changed = [...parts];
      changed[index] = bytes.toString('base64url');
      await expect(vault.open(changed.join('.'), context)).rejects.toBeInstanceOf(VaultOpenError);
    }
    for (const bad of ['', 'v1', 'v2.local.a.b.c.d', sealed.replace('.local.', '.kms.')]) {
      await expect(vault.open(bad, context)).rejects.toBeInstanceOf(VaultOpenError);
    }
  });

  it('refuses a local key that is not 32 bytes', () => {
    expect(() => localKeyWrapper(randomBytes(16).toString('base64url'))).toThrow(/32 bytes/);
  });
});
