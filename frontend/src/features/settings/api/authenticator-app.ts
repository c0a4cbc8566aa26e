/**
 * The authenticator app (TOTP) second factor through Amplify: whether it is on, setting one up
 * (the secret, its otpauth URI and that URI as a QR code, then a first code to prove it works)
 * and turning it off.
 * Admins need it in the cloud: the admin routes refuse an admin without one.
 */
import { loadAuth } from '@/lib/amplify';

export { isTotpEnabled } from '@/lib/mfa-status';

/** The issuer name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Marketplace';
export const TOTP_ENABLED_MESSAGE = 'Authenticator app turned on. Sign-ins now ask for its code.';
export const TOTP_DISABLED_MESSAGE = 'Authenticator app turned off.';
export const TOTP_CODE_REFUSED_MESSAGE =
  'That code did not match. Check the time on your phone and enter the newest code.';

export interface TotpSetup {
  /** To type into the app by hand. */
  secret: string;
  /** `otpauth://totp/…`: what the QR code carries; many apps take it as a link too. */
  uri: string;
  /** The URI as a QR code: an SVG image's `data:` URL, for the phone's camera. */
  qrCode: string;
}

/**
 * The URI as a QR code (the `qrcode` library, loaded with the set-up only), drawn as SVG so it
 * needs no canvas and stays sharp at any size; error correction M, as authenticator apps print.
 */
export async function qrCodeOf(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Step 1: a new secret for the app, for the account named `accountName` (the e-mail). */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  const { auth } = await loadAuth();
  const details = await auth.setUpTOTP();
  const uri = details.getSetupUri(TOTP_ISSUER, accountName).toString();
  return { secret: details.sharedSecret, uri, qrCode: await qrCodeOf(uri) };
}

/** Step 2: the app's first code proves the set-up; then sign-ins ask for it. */
export async function confirmTotpSetup(code: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.verifyTOTPSetup({ code: code.replace(/\s+/g, '') });
  await auth.updateMFAPreference({ totp: 'PREFERRED' });
}

/** Turns the authenticator app off (an admin then loses access to the admin pages). */
export async function turnOffTotp(): Promise<void> {
  const { auth } = await loadAuth();
  await auth.updateMFAPreference({ totp: 'DISABLED' });
}
