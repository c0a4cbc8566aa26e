/**
 * The token vault as the local stack configures it (lib/local/cloud/lambda-env.ts sets TOKEN_LOCAL_KEY,
 * the cloud sets TOKEN_KMS_KEY_ARN): handlers get a working vault without knowing the target.
 */
import { expect, it } from 'vitest';
import { tokenVault } from '../../../../lambdas/shared/adapters/token-vault';

it('seals and opens with the configured local key', async () => {
  const vault = tokenVault();
  const context = { purpose: 'netlify-oauth-token', owner: 'user-z' };
  const sealed = await vault.seal('nfp_local_token', context);
  expect(sealed.startsWith('v1.local.')).toBe(true);
  await expect(vault.open(sealed, context)).resolves.toBe('nfp_local_token');
  expect(tokenVault()).toBe(vault);
});
