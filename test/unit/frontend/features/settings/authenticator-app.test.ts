/**
 * Settings → Security's authenticator app against Amplify mocked at its module boundary: the
 * status, the set-up (secret, otpauth URI and its QR code, then the first code and the preference), turning it
 * off, and whether the site requires it of admins (cloud yes, local no).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  mode: 'cloud' as 'cloud' | 'local',
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({
  fetchMFAPreference: amplify.fetchMFAPreference,
  setUpTOTP: amplify.setUpTOTP,
  verifyTOTPSetup: amplify.verifyTOTPSetup,
  updateMFAPreference: amplify.updateMFAPreference,
}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));
vi.mock('../../../../../frontend/src/lib/runtime-config', () => ({
  getRuntimeConfig: () => ({
    mode: amplify.mode,
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userPoolClientId: 'client',
  }),
}));

const app = await import('../../../../../frontend/src/features/settings/api/authenticator-app');
const mfaStatus = await import('../../../../../frontend/src/lib/mfa-status');
const { adminMfaRequired } = mfaStatus;

beforeEach(() => {
  for (const mock of [
    amplify.fetchMFAPreference,
    amplify.setUpTOTP,
    amplify.verifyTOTPSetup,
    amplify.updateMFAPreference,
  ])
    mock.mockReset().mockResolvedValue(undefined);
});

describe('authenticator app', () => {
  it('is on only when Cognito lists TOTP among the enabled factors', async () => {
    amplify.fetchMFAPreference.mockResolvedValueOnce({ enabled: ['TOTP'], preferred: 'TOTP' });
    await expect(app.isTotpEnabled()).resolves.toBe(true);
    amplify.fetchMFAPreference.mockResolvedValueOnce({});
    await expect(app.isTotpEnabled()).resolves.toBe(false);
  });

  it('sets up with the secret and an otpauth URI naming the marketplace and the account', async () => {
    const getSetupUri = vi.fn(
      (issuer: string, account: string) =>
        new URL(`otpauth://totp/${issuer}:${account}?secret=ABC&issuer=${issuer}`),
    );
    amplify.setUpTOTP.mockResolvedValue({ sharedSecret: 'ABC', getSetupUri });
    const setup = await app.startTotpSetup('ada@example.com');
    expect(getSetupUri).toHaveBeenCalledWith(app.TOTP_ISSUER, 'ada@example.com');
    const uri = `otpauth://totp/${app.TOTP_ISSUER}:ada@example.com?secret=ABC&issuer=${app.TOTP_ISSUER}`;
    expect(setup).toEqual({ secret: 'ABC', uri, qrCode: await app.qrCodeOf(uri) });
  });

  it('draws the otpauth URI as a QR code: an SVG image the page can show', async () => {
    const qrCode = await app.qrCodeOf('otpauth://totp/Marketplace:ada@example.com?secret=ABC');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    const svg = decodeURIComponent(qrCode.slice(qrCode.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('<path');
    // Another URI is another code.
    expect(await app.qrCodeOf('otpauth://totp/Marketplace:bob@example.com?secret=XYZ')).not.toBe(
      qrCode,
    );
  });

  it('verifies the first code, then prefers TOTP; a refused code changes no preference', async () => {
    await app.confirmTotpSetup('123 456');
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });

    amplify.updateMFAPreference.mockClear();
    amplify.verifyTOTPSetup.mockRejectedValue(new Error('CodeMismatchException'));
    await expect(app.confirmTotpSetup('000000')).rejects.toThrow();
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
  });

  it('turns off by disabling the TOTP preference', async () => {
    await app.turnOffTotp();
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
  });

  it("says why sign-in's code step failed: a wrong code, a timed-out sign-in, or the sign-in's own failure", () => {
    const failure = (name: string) => mfaStatus.totpSignInFailure({ name, message: 'x' });
    expect(failure('CodeMismatchException')).toEqual({
      message: mfaStatus.TOTP_SIGN_IN_REFUSED_MESSAGE,
      startAgain: false,
    });
    // Cognito's session for the code expired; Amplify has no sign-in under way.
    for (const name of ['NotAuthorizedException', 'SignInException']) {
      expect(failure(name)).toEqual({
        message: mfaStatus.TOTP_SIGN_IN_EXPIRED_MESSAGE,
        startAgain: true,
      });
    }
    // The sign-in service not answering is said as such, never as a wrong code.
    expect(failure('AuthServiceTimeoutError').message).toBe(
      "We can't reach the sign-in service right now. Try again in a minute.",
    );
    expect(failure('TooManyRequestsException')).toEqual({
      message: 'Too many attempts. Please wait a moment and try again.',
      startAgain: false,
    });
  });

  it('is required of admins in the cloud only', () => {
    amplify.mode = 'cloud';
    expect(adminMfaRequired()).toBe(true);
    amplify.mode = 'local';
    expect(adminMfaRequired()).toBe(false);
  });
});
