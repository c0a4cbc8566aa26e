/**
 * A version published with an advisory already known: its holders (a buyer who downloaded it, one
 * who deployed it) are told once, in the bell and by e-mail as their switches say, when it goes
 * live, and again by nobody however often or at once it is triggered; the seller and a buyer who
 * muted the template are not told; a holder no trigger reached is told by the daily re-check, and a
 * buyer told of the fix is not told of the finding.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lodashFinding } from '../../../fixtures/security-findings';
import { deliverPendingEmails } from '../../../../lambdas/notifications/email-delivery';
import { updateMyNotificationPreferences } from '../../../../lambdas/notifications/preferences';
import { getUnreadCount } from '../../../../lambdas/notifications/repo';
import { findingOf } from '../../../../lambdas/security/audit';
import { createOsvClient } from '../../../../lambdas/security/osv';
import {
  tellDeployerOfKnownFindings,
  tellHoldersOfKnownFindings,
  tellTemplateHoldersOfKnownFindings,
} from '../../../../lambdas/security-alerts/known-findings';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { loadLocalStateMachine } from '../../../../lib/local/cloud/state-machines';
import { tellHoldersOfNewVersion } from '../../../../lambdas/security-alerts/new-version';
import { recordAlert, setMute } from '../../../../lambdas/security-alerts/repo';
import { runSecurityRecheck } from '../../../../lambdas/security-alerts/service';
import { startLocalOsv, type LocalOsv } from '../../../../lib/local/servers/osv';
import { putProfile } from '../../../fixtures/profiles';
import {
  advisoryFor,
  notificationsOf,
  seedDeployment,
  seedDownload,
  seedLiveTemplate,
  seedReport,
} from './fixtures';

const sesEndpoint = inject('localCloud').sesEndpoint;

/** Every message aws-ses-v2-local holds for `email` (the store is shared by the whole run). */
const mailFor = async (email: string) => {
  const response = await fetch(`${sesEndpoint}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return emails.filter((mail) => mail.destination.to.includes(email));
};

const finding = lodashFinding;

let osv: LocalOsv;
beforeAll(async () => {
  osv = await startLocalOsv({ port: 0 });
});
afterAll(async () => {
  await osv.stop();
});

describe('advisories a version had when it went live', () => {
  it('tells its downloaders and deployers once, in the bell and by e-mail as they chose', async () => {
    const [seller, downloader, deployer, quiet, muted, unfinished] = await Promise.all(
      Array.from({ length: 6 }, () => putProfile()),
    );
    const template = await seedLiveTemplate(seller!.id, 'Known Kit', '2.0.0');
    await seedReport(template, '2.0.0', [{ name: 'lodash', version: '4.17.20' }], {
      findings: [finding('GHSA-35jh-r3h4-6jhm'), finding('GHSA-29mw-wpgm-hmr9', 'moderate')],
    });
    await seedDownload(downloader!.id, template, '2.0.0');
    await seedDownload(downloader!.id, template, '2.0.0');
    await seedDeployment(deployer!.id, template, '2.0.0');
    await seedDownload(quiet!.id, template, '2.0.0');
    await seedDownload(muted!.id, template, '2.0.0');
    await seedDeployment(unfinished!.id, template, '2.0.0', 'processing');
    await seedDownload(seller!.id, template, '2.0.0');
    await setMute(muted!.id, template.id, true, new Date().toISOString());
    await updateMyNotificationPreferences(quiet!.id, {
      preferences: [{ type: 'security_finding', email: false }],
    });

    // The version goes live (processing's Publish, an admin's approval), then again, and twice at once.
    await tellHoldersOfNewVersion(template);
    await tellHoldersOfNewVersion(template);
    const again = await Promise.all([
      tellTemplateHoldersOfKnownFindings(template),
      tellTemplateHoldersOfKnownFindings(template),
    ]);
    expect(again).toEqual([0, 0]);

    for (const holder of [downloader!, deployer!, quiet!]) {
      const told = await notificationsOf(holder.id, 'security_finding');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toBe(
        'Known Kit 2.0.0, the version you have, has 2 known vulnerabilities: ' +
          'GHSA-35jh-r3h4-6jhm (high) in lodash 4.17.20, fixed in 4.17.21; ' +
          'GHSA-29mw-wpgm-hmr9 (moderate) in lodash 4.17.20, fixed in 4.17.21. ' +
          "The template's Security panel shows each one and how to fix it.",
      );
      expect(told[0]!.link).toBe(`/mvp/${template.id}#security`);
      expect(await getUnreadCount(holder.id)).toBe(1);
    }
    for (const nobody of [seller!, muted!, unfinished!])
      expect(await notificationsOf(nobody.id, 'security_finding')).toHaveLength(0);

    // E-mail: sent to those whose switch is on (the default), not to the one who turned it off.
    await deliverPendingEmails();
    for (const holder of [downloader!, deployer!]) {
      const mails = (await mailFor(holder.email)).filter((mail) =>
        mail.body.text?.includes('Known Kit 2.0.0, the version you have'),
      );
      expect(mails).toHaveLength(1);
    }
    expect(await mailFor(quiet!.email)).toHaveLength(0);
  });

  it('tells a holder no trigger reached at the daily re-check, once, and not of what a fix told', async () => {
    const [seller, late, fixedHolder] = await Promise.all(
      Array.from({ length: 3 }, () => putProfile()),
    );
    const template = await seedLiveTemplate(seller!.id, 'Late Kit', '1.0.0');
    // An advisory the local OSV server knows, in the report since the version's audit.
    const pkg = `it-known-${randomUUID().slice(0, 8)}`;
    const advisory = `GHSA-kn${pkg.slice(-4)}-0001`;
    const record = advisoryFor(advisory, pkg, '1.3.0');
    await osv.control.addAdvisory(record);
    const pinned = { ecosystem: 'npm' as const, name: pkg, version: '1.2.0', direct: true };
    const audited = await findingOf(pinned, record);
    const known = new Map([['1.0.0', [audited]]]);
    await seedReport(template, '1.0.0', [{ name: pkg, version: '1.2.0' }], {
      findings: [audited],
    });
    await seedDeployment(late!.id, template, '1.0.0');
    await seedDeployment(fixedHolder!.id, template, '1.0.0');
    // This buyer was told of a version that fixes it (a `fix` marker), which names the advisory.
    await recordAlert(
      [
        {
          user_id: fixedHolder!.id,
          mvp_id: template.id,
          kind: 'fix',
          advisory_id: advisory,
          version_number: '1.1.0',
          created_at: new Date().toISOString(),
        },
      ],
      [],
    );

    const client = createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 500, retryBaseMs: 1 });
    const first = await runSecurityRecheck({ client });
    expect(first.status).toBe('done');
    expect(first.known_told).toBe(1);
    expect(first.new_findings).toBe(0);
    expect(await notificationsOf(late!.id, 'security_finding')).toHaveLength(1);
    expect(await notificationsOf(fixedHolder!.id, 'security_finding')).toHaveLength(0);
    // The report keeps the advisory, and nobody hears twice.
    expect((await runSecurityRecheck({ client })).known_told).toBe(0);
    expect(
      await tellHoldersOfKnownFindings(template, known, new Map([['1.0.0', new Set([late!.id])]])),
    ).toBe(0);
    expect(await notificationsOf(late!.id, 'security_finding')).toHaveLength(1);
  });

  it('tells a buyer whose deployment finishes, once, and not before it finishes', async () => {
    const [seller, buyer] = await Promise.all([putProfile(), putProfile()]);
    const template = await seedLiveTemplate(seller!.id, 'Deploy Kit', '3.1.0');
    await seedReport(template, '3.1.0', [{ name: 'lodash', version: '4.17.20' }], {
      findings: [finding('GHSA-35jh-r3h4-6jhm')],
    });
    const deploymentId = await seedDeployment(buyer!.id, template, '3.1.0', 'processing');
    expect(await tellDeployerOfKnownFindings(deploymentId)).toBe(0);
    await DeploymentEntity.patch({ id: deploymentId }).set({ status: 'completed' }).go();
    expect(await tellDeployerOfKnownFindings(deploymentId)).toBe(1);
    expect(await tellDeployerOfKnownFindings(deploymentId)).toBe(0);
    const told = await notificationsOf(buyer!.id, 'security_finding');
    expect(told.map((item) => item.message)).toEqual([
      'Deploy Kit 3.1.0, the version you have, has a known vulnerability: ' +
        'GHSA-35jh-r3h4-6jhm (high) in lodash 4.17.20, fixed in 4.17.21. ' +
        "The template's Security panel shows each one and how to fix it.",
    ]);
    expect(await tellDeployerOfKnownFindings('01JZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(0);
  });

  it('is a step of the buyer-deploy machine after the repository and after the site', async () => {
    const { handlers } = await loadLocalStateMachine('buyer-deploy', () => undefined);
    expect(Object.keys(handlers)).toEqual(
      expect.arrayContaining(['TellRepositoryDeployer', 'TellSiteDeployer']),
    );
  });
});
