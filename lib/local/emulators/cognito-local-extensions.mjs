// Loaded into the cognito-local process before it starts (`node --import this-file start.js`):
// the one Cognito action the API calls that cognito-local 5.3 lacks, AdminSetUserMFAPreference
// (an admin turns off a user who lost their phone's authenticator app, docs/account.md). It is
// registered in cognito-local's own table of actions and behaves as Cognito's does, on the user
// record cognito-local's own SetUserMFAPreference keeps; it holds none of our rules.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets.js');
const errors = require('cognito-local/lib/errors.js');

const TOTP = 'SOFTWARE_TOKEN_MFA';
const SMS = 'SMS_MFA';

/**
 * Cognito's AdminSetUserMFAPreference: enables or disables the user's SMS and authenticator app
 * (TOTP) factors and sets the preferred one. Enabling TOTP needs a verified token, as in Cognito.
 */
const AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    if (!req.UserPoolId) throw new errors.InvalidParameterError('Missing UserPoolId');
    if (!req.Username) throw new errors.InvalidParameterError('Missing Username');
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError('User does not exist.');
    const software = req.SoftwareTokenMfaSettings;
    const sms = req.SMSMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new errors.InvalidParameterError('User has not verified software token mfa');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    const apply = (settings, method) => {
      if (!settings || settings.Enabled === undefined) return;
      if (settings.Enabled) methods.add(method);
      else methods.delete(method);
    };
    apply(sms, SMS);
    apply(software, TOTP);
    let preferred = methods.has(user.PreferredMfaSetting) ? user.PreferredMfaSetting : undefined;
    if (software?.PreferredMfa) preferred = TOTP;
    else if (sms?.PreferredMfa) preferred = SMS;
    else if (software?.PreferredMfa === false && preferred === TOTP) preferred = undefined;
    else if (sms?.PreferredMfa === false && preferred === SMS) preferred = undefined;
    if (preferred && !methods.has(preferred)) {
      throw new errors.InvalidParameterError(`${preferred} cannot be preferred: it is not enabled`);
    }
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
    });
    return {};
  };

Targets.AdminSetUserMFAPreference ??= AdminSetUserMFAPreference;
