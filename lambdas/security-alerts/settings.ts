/**
 * The caller's security alert switches, one per template they downloaded or deployed (Settings →
 * Notifications). Only a template the caller holds can be switched: any other id is the same 404,
 * so the route tells nobody which templates exist or who holds them.
 */
import {
  SECURITY_ALERT_MESSAGES,
  type SecurityAlertSetting,
  type SecurityAlertSettings,
} from '../../contract/security-alerts';
import { deployedTemplatesOf } from '../deployments/security-holders';
import { downloadedTemplatesOf } from '../downloads/security-holders';
import { NotFoundError } from '../shared/errors';
import { listMutes, setMute } from './repo';

/** The templates a user holds, each once, by title. */
const heldTemplatesOf = async (userId: string) => {
  const [downloaded, deployed] = await Promise.all([
    downloadedTemplatesOf(userId),
    deployedTemplatesOf(userId),
  ]);
  const titles = new Map<string, string>();
  for (const { mvpId, title } of [...deployed, ...downloaded])
    if (!titles.has(mvpId)) titles.set(mvpId, title);
  return titles;
};

export const listMySecurityAlertSettings = async (
  userId: string,
): Promise<SecurityAlertSettings> => {
  const [held, mutes] = await Promise.all([heldTemplatesOf(userId), listMutes(userId)]);
  const muted = new Set(mutes.map((mute) => mute.mvp_id));
  return {
    items: [...held]
      .map(([mvpId, title]) => ({ mvp_id: mvpId, title, alerts: !muted.has(mvpId) }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  };
};

/** Turns one held template's alerts on or off (idempotent both ways). */
export const updateMySecurityAlertSetting = async (
  userId: string,
  templateId: string,
  alerts: boolean,
): Promise<SecurityAlertSetting> => {
  const title = (await heldTemplatesOf(userId)).get(templateId);
  if (title === undefined) throw new NotFoundError(SECURITY_ALERT_MESSAGES.notHeld);
  await setMute(userId, templateId, !alerts, new Date().toISOString());
  return { mvp_id: templateId, title, alerts };
};
