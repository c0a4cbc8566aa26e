/**
 * A version that fixes a finding goes live: the buyer with a finished deployment of an affected
 * version is offered the security upgrade pull request (whose body names the advisory), the buyer
 * who only downloaded it gets the changelog and a download again that spends no quota; each is
 * told once however often it is called, a muted buyer never; and the free download is not free for
 * a template whose live version fixes nothing of what the buyer downloaded. A deployer hears of a
 * new version once: by its security notice when it fixes theirs, by the plain notice otherwise.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../../../../contract/downloads';
import { advisoryUrl } from '../../../../contract/security';
import { lodashFinding } from '../../../fixtures/security-findings';
import { listMyDeployments } from '../../../../lambdas/deployments/service';
import { upgradeBody } from '../../../../lambdas/deployments/steps/upgrade';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { getDownloadStatus } from '../../../../lambdas/downloads/service';
import { spendDownload } from '../../../../lambdas/downloads/spend';
import { notifySecurityFixes } from '../../../../lambdas/security-alerts/fixes';
import { tellHoldersOfNewVersion } from '../../../../lambdas/security-alerts/new-version';
import { setMute } from '../../../../lambdas/security-alerts/repo';
import { TemplateEntity, type TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { putProfile } from '../../../fixtures/profiles';
import { storeTemplateFile } from '../../../fixtures/template-items';
import {
  notificationsOf,
  seedDeployment,
  seedDownload,
  seedLiveTemplate,
  seedReport,
} from './fixtures';

const finding = lodashFinding;

/** The template's next version goes live with `changelog` (as Publish leaves it). */
const publish = async (template: TemplateItem, versionNumber: string, changelog: string) => {
  const fileKey = `mvps/${template.seller_id}/${ulid()}/bundle.zip`;
  await storeTemplateFile({ file_key: fileKey });
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: ulid(),
    version_number: versionNumber,
    changelog,
    file_key: fileKey,
    file_size: 2048,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
    status: 'approved',
  }).go();
  await TemplateEntity.patch({ id: template.id })
    .set({ version_number: versionNumber, file_key: fileKey })
    .go();
  return { ...template, version_number: versionNumber, file_key: fileKey };
};

describe('a version that fixes a finding', () => {
  it('offers deployers the upgrade pull request and downloaders a free download, once each', async () => {
    const advisory = 'GHSA-35jh-r3h4-6jhm';
    const [seller, deployer, downloader, muted] = await Promise.all(
      Array.from({ length: 4 }, () => putProfile()),
    );
    const template = await seedLiveTemplate(seller!.id, 'Lodash Kit');
    await seedReport(template, '1.0.0', [{ name: 'lodash', version: '4.17.20' }], {
      findings: [finding(advisory)],
    });
    await seedDeployment(deployer!.id, template, '1.0.0');
    await seedDownload(downloader!.id, template, '1.0.0');
    await seedDownload(muted!.id, template, '1.0.0');
    await setMute(muted!.id, template.id, true, new Date().toISOString());
    const other = await seedLiveTemplate(seller!.id, 'Other Kit');
    await seedReport(other, '1.0.0', [{ name: 'left-pad', version: '1.3.0' }]);
    await seedDownload(downloader!.id, other, '1.0.0');

    // Nothing to say while the live version still has the advisory.
    expect((await notifySecurityFixes(template)).written).toBe(0);
    const fixed = await publish(template, '1.1.0', 'Upgrades lodash to 4.17.21.');
    await seedReport(fixed, '1.1.0', [{ name: 'lodash', version: '4.17.21' }]);
    const nextOther = await publish(other, '1.1.0', 'New pages.');
    await seedReport(nextOther, '1.1.0', [{ name: 'left-pad', version: '1.3.0' }]);

    expect((await notifySecurityFixes(fixed)).written).toBe(2);
    await Promise.all([notifySecurityFixes(fixed), notifySecurityFixes(fixed)]);
    const toDeployer = await notificationsOf(deployer!.id, 'security_fix');
    expect(toDeployer).toHaveLength(1);
    expect(toDeployer[0]!.message).toContain(`Lodash Kit 1.1.0 fixes ${advisory}`);
    expect(toDeployer[0]!.message).toContain('Open security upgrade pull request');
    const toDownloader = await notificationsOf(downloader!.id, 'security_fix');
    expect(toDownloader).toHaveLength(1);
    expect(toDownloader[0]!.message).toContain('Download it again: it uses none of your quota');
    expect(toDownloader[0]!.message).toContain('Upgrades lodash to 4.17.21.');
    expect(await notificationsOf(muted!.id, 'security_fix')).toHaveLength(0);
    expect((await notifySecurityFixes(nextOther)).written).toBe(0);

    const body = await upgradeBody(template.id, '1.0.0', '1.1.0', 'Lodash Kit');
    expect(body).toContain('## Security fixes');
    expect(body).toContain(
      `[${advisory}](${advisoryUrl(advisory)}) (High): lodash 4.17.20 → 4.17.21`,
    );
    expect(body).toContain('Upgrades lodash to 4.17.21.');

    // The downloader has no quota left: the fixed version is free once, the other template is not.
    const identity = { userId: downloader!.id, email: downloader!.email, signUpRole: null };
    expect((await getDownloadStatus(identity, fixed.id)).cost).toBe('security_fix');
    expect((await getDownloadStatus(identity, nextOther.id)).cost).toBe('quota');
    await expect(spendDownload(downloader!.id, nextOther.id)).rejects.toThrow(
      DOWNLOAD_MESSAGES.quotaReached,
    );
    const spent = await spendDownload(downloader!.id, fixed.id);
    expect(spent.quotaSpent).toBe(false);
    // That download made the fixed version theirs: the rule applies no more.
    expect((await getDownloadStatus(identity, fixed.id)).cost).toBe('free_again');
  });

  it('the dashboard calls the upgrade a security upgrade only when it fixes an advisory', async () => {
    const [seller, buyer] = await Promise.all([putProfile(), putProfile()]);
    const vulnerable = await seedLiveTemplate(seller!.id, 'Vulnerable Kit');
    await seedReport(vulnerable, '1.0.0', [{ name: 'lodash', version: '4.17.20' }], {
      findings: [finding('GHSA-35jh-r3h4-6jhm')],
    });
    const plain = await seedLiveTemplate(seller!.id, 'Plain Kit');
    await seedReport(plain, '1.0.0', [{ name: 'left-pad', version: '1.3.0' }]);
    for (const template of [vulnerable, plain]) {
      const id = await seedDeployment(buyer!.id, template, '1.0.0');
      await DeploymentEntity.patch({ id })
        .set({ github_repo_url: `https://github.com/buyer/${id}` })
        .go();
    }
    const offers = async () =>
      Object.fromEntries(
        (await listMyDeployments(buyer!.id)).items.map((item) => [
          item.mvp.title,
          [item.upgrade_available, item.upgrade_security_fixes],
        ]),
      );
    expect(await offers()).toEqual({ 'Vulnerable Kit': [false, 0], 'Plain Kit': [false, 0] });

    await seedReport(await publish(vulnerable, '1.1.0', 'lodash 4.17.21.'), '1.1.0', [
      { name: 'lodash', version: '4.17.21' },
    ]);
    await seedReport(await publish(plain, '1.1.0', 'New pages.'), '1.1.0', [
      { name: 'left-pad', version: '1.3.0' },
    ]);
    expect(await offers()).toEqual({ 'Vulnerable Kit': [true, 1], 'Plain Kit': [true, 0] });
  });

  it('tells each deployer of a new version once: the security notice when it fixes theirs, else the plain one', async () => {
    const [seller, fixedFor, mutedBy, plainFor] = await Promise.all(
      Array.from({ length: 4 }, () => putProfile()),
    );
    const vulnerable = await seedLiveTemplate(seller!.id, 'Vulnerable Kit');
    await seedReport(vulnerable, '1.0.0', [{ name: 'lodash', version: '4.17.20' }], {
      findings: [finding('GHSA-35jh-r3h4-6jhm')],
    });
    await seedDeployment(fixedFor!.id, vulnerable, '1.0.0');
    await seedDeployment(mutedBy!.id, vulnerable, '1.0.0');
    await setMute(mutedBy!.id, vulnerable.id, true, new Date().toISOString());
    const plain = await seedLiveTemplate(seller!.id, 'Plain Kit');
    await seedReport(plain, '1.0.0', [{ name: 'left-pad', version: '1.3.0' }]);
    await seedDeployment(plainFor!.id, plain, '1.0.0');

    const fixed = await publish(vulnerable, '1.1.0', 'lodash 4.17.21.');
    await seedReport(fixed, '1.1.0', [{ name: 'lodash', version: '4.17.21' }]);
    const next = await publish(plain, '1.1.0', 'New pages.');
    await seedReport(next, '1.1.0', [{ name: 'left-pad', version: '1.3.0' }]);
    await tellHoldersOfNewVersion(fixed);
    await tellHoldersOfNewVersion(next);

    const told = async (userId: string) => ({
      security: (await notificationsOf(userId, 'security_fix')).map((n) => n.message),
      plain: (await notificationsOf(userId, 'upgrade_available')).map((n) => n.message),
    });
    const securityNotice = await told(fixedFor!.id);
    expect(securityNotice.plain).toEqual([]);
    expect(securityNotice.security).toEqual([
      expect.stringContaining('Open security upgrade pull request'),
    ]);
    // Security alerts muted for the template: the new version is still news, told plainly.
    expect(await told(mutedBy!.id)).toEqual({
      security: [],
      plain: ['Vulnerable Kit 1.1.0 is out. Open an upgrade pull request from your dashboard.'],
    });
    expect(await told(plainFor!.id)).toEqual({
      security: [],
      plain: ['Plain Kit 1.1.0 is out. Open an upgrade pull request from your dashboard.'],
    });
  });
});
