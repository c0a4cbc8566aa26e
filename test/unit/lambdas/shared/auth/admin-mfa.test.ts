/**
 * The admin routes' second-factor check with an injected Cognito client: TOTP enabled passes and
 * is believed for five minutes, none (or only SMS) is a 403 pointing to Settings → Security and
 * is asked again next time.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MFA_CACHE_MS,
  ADMIN_MFA_REQUIRED_MESSAGE,
  createAdminMfaCheck,
} from '../../../../../lambdas/shared/auth/admin-mfa';
import { ForbiddenError } from '../../../../../lambdas/shared/errors';

const setup = (mfa: Record<string, string[] | undefined>) => {
  let time = 1_000_000;
  const send = vi.fn(async (command: AdminGetUserCommand) => {
    expect(command).toBeInstanceOf(AdminGetUserCommand);
    expect(command.input.UserPoolId).toBe('pool-1');
    return { Username: command.input.Username, UserMFASettingList: mfa[command.input.Username!] };
  });
  const check = createAdminMfaCheck({
    userPoolId: () => 'pool-1',
    client: { send } as never,
    now: () => time,
  });
  return { check, send, advance: (ms: number) => (time += ms) };
};

describe('admin MFA check', () => {
  it('lets an admin with an authenticator app through and asks Cognito again after 5 minutes', async () => {
    const { check, send, advance } = setup({ ada: ['SOFTWARE_TOKEN_MFA'] });
    await check('ada');
    await check('ada');
    expect(send).toHaveBeenCalledTimes(1);
    advance(ADMIN_MFA_CACHE_MS + 1);
    await check('ada');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['no MFA at all', undefined],
    ['SMS only', ['SMS_MFA']],
  ])('refuses an admin with %s, in words pointing to Settings → Security', async (_case, list) => {
    const { check } = setup({ bob: list });
    const refusal = await check('bob').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect((refusal as Error).message).toBe(ADMIN_MFA_REQUIRED_MESSAGE);
    expect(ADMIN_MFA_REQUIRED_MESSAGE).toContain('Settings → Security');
  });

  it('does not keep a refusal: an admin who has just set up the app gets in at once', async () => {
    const mfa: Record<string, string[] | undefined> = { cy: [] };
    const { check, send } = setup(mfa);
    await expect(check('cy')).rejects.toBeInstanceOf(ForbiddenError);
    mfa.cy = ['SOFTWARE_TOKEN_MFA'];
    await expect(check('cy')).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
