/**
 * The daily security re-check against the local OSV server, with the file's own DynamoDB table and
 * bucket: an advisory added later tells the seller and each buyer who downloaded or deployed the
 * affected version exactly once (two runs in a row, two at once), a muted buyer nobody, the report
 * gets the finding; only new or modified advisories are read in full; OSV down leaves every report
 * as it was and notifies nobody, and the next run fills in (a `not_checked` report too).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOsvClient } from '../../../../lambdas/security/osv';
import { getSecurityReport } from '../../../../lambdas/security/repo';
import { setMute } from '../../../../lambdas/security-alerts/repo';
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

let osv: LocalOsv;
const client = () =>
  createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 500, retryBaseMs: 1, tries: 2 });
const run = () => runSecurityRecheck({ client: client() });

beforeAll(async () => {
  osv = await startLocalOsv({ port: 0 });
});
afterAll(async () => {
  await osv.stop();
});
beforeEach(async () => {
  await osv.control.reset();
});

const world = async () => {
  const tag = randomUUID().slice(0, 8);
  const pkg = `it-parser-${tag}`;
  const [seller, downloader, deployer, muted, other] = await Promise.all(
    Array.from({ length: 5 }, () => putProfile()),
  );
  const template = await seedLiveTemplate(seller!.id, `Vuln Kit ${tag}`);
  const versionId = await seedReport(template, '1.0.0', [{ name: pkg, version: '1.2.0' }]);
  const unaffected = await seedLiveTemplate(seller!.id, `Safe Kit ${tag}`);
  await seedReport(unaffected, '1.0.0', [{ name: `it-safe-${tag}`, version: '1.0.0' }]);
  await seedDownload(downloader!.id, template, '1.0.0');
  await seedDownload(downloader!.id, template, '1.0.0');
  await seedDeployment(deployer!.id, template, '1.0.0');
  await seedDownload(muted!.id, template, '1.0.0');
  await setMute(muted!.id, template.id, true, new Date().toISOString());
  await seedDownload(other!.id, unaffected, '1.0.0');
  return {
    tag,
    pkg,
    seller: seller!,
    downloader: downloader!,
    deployer: deployer!,
    muted: muted!,
    other: other!,
    template,
    versionId,
  };
};

describe('daily security re-check', () => {
  it('tells the seller and each holder of the affected version once, however often it runs', async () => {
    const w = await world();
    const quiet = await run();
    expect(quiet.status).toBe('done');
    expect(await notificationsOf(w.seller.id, 'security_finding')).toHaveLength(0);

    await osv.control.addAdvisory(advisoryFor(`GHSA-it${w.tag.slice(0, 4)}-0001`, w.pkg, '1.2.1'));
    // Two runs at once see the same new finding: the alert markers let one of them tell each person.
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.new_findings + second.new_findings).toBe(2);
    expect(first.notifications + second.notifications).toBe(3);
    // A later run (a retry, the next day) finds it in the report and tells nobody again.
    expect((await run()).notifications).toBe(0);

    const seller = await notificationsOf(w.seller.id, 'security_finding');
    expect(seller).toHaveLength(1);
    expect(seller[0]!.message).toContain(
      `GHSA-it${w.tag.slice(0, 4)}-0001 (high) in ${w.pkg} 1.2.0, fixed in 1.2.1`,
    );
    for (const buyer of [w.downloader, w.deployer]) {
      const told = await notificationsOf(buyer.id, 'security_finding');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain(
        `A vulnerability was found in ${w.template.title} you use`,
      );
      expect(told[0]!.message).toContain('The seller has been told');
      expect(told[0]!.link).toBe(`/mvp/${w.template.id}#security`);
    }
    expect(await notificationsOf(w.muted.id, 'security_finding')).toHaveLength(0);
    expect(await notificationsOf(w.other.id, 'security_finding')).toHaveLength(0);

    const report = await getSecurityReport(w.template.id, w.versionId);
    expect(report?.findings).toEqual([
      expect.objectContaining({
        advisory_id: `GHSA-it${w.tag.slice(0, 4)}-0001`,
        package: w.pkg,
        version: '1.2.0',
        severity: 'high',
        cvss_score: 7.5,
        fixed_version: '1.2.1',
      }),
    ]);
    expect([...first.live_severity_changes, ...second.live_severity_changes]).toContainEqual(
      expect.objectContaining({ mvp_id: w.template.id, severity: 'high' }),
    );
  });

  it('reads in full only advisories that are new or modified since the last run', async () => {
    const w = await world();
    await osv.control.addAdvisory(advisoryFor(`GHSA-it${w.tag.slice(0, 4)}-0002`, w.pkg, '1.3.0'));
    await run();
    const before = await osv.control.stats();
    const again = await run();
    expect(again.figures?.advisories_fetched).toBe(0);
    expect((await osv.control.stats()).vulns).toBe(before.vulns);
    expect(again.figures?.querybatch_requests).toBe(1);

    await osv.control.addAdvisory({
      ...advisoryFor(`GHSA-it${w.tag.slice(0, 4)}-0002`, w.pkg, '1.3.0'),
      modified: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await run()).figures?.advisories_fetched).toBe(1);
  });

  it('changes nothing and tells nobody while OSV is down; the next run fills in', async () => {
    const w = await world();
    const notChecked = await seedReport(w.template, '0.9.0', [{ name: w.pkg, version: '1.2.0' }], {
      status: 'not_checked',
    });
    await seedDeployment(w.deployer.id, w.template, '0.9.0');
    const before = await getSecurityReport(w.template.id, w.versionId);
    await osv.control.addAdvisory(advisoryFor(`GHSA-it${w.tag.slice(0, 4)}-0003`, w.pkg, '2.0.0'));
    await osv.control.setOutage('unavailable');

    const down = await run();
    expect(down.status).toBe('osv_unavailable');
    expect(await getSecurityReport(w.template.id, w.versionId)).toEqual(before);
    expect((await getSecurityReport(w.template.id, notChecked))?.status).toBe('not_checked');
    expect(await notificationsOf(w.seller.id, 'security_finding')).toHaveLength(0);
    expect(await notificationsOf(w.deployer.id, 'security_finding')).toHaveLength(0);

    await osv.control.setOutage('none');
    const recorded: unknown[] = [];
    const back = await runSecurityRecheck({
      client: client(),
      onLiveSeverityChange: async (change) => recorded.push(change),
    });
    expect(back.status).toBe('done');
    // The badge's recorder hears of the live version's new worst severity (not of 0.9.0's).
    expect(recorded).toContainEqual({
      mvp_id: w.template.id,
      version_id: w.versionId,
      version_number: '1.0.0',
      severity: 'high',
    });
    expect(recorded).not.toContainEqual(expect.objectContaining({ version_id: notChecked }));
    const filled = await getSecurityReport(w.template.id, notChecked);
    expect(filled?.status).toBe('checked');
    expect(filled?.checked_at).toBeDefined();
    expect(filled?.findings.map((finding) => finding.advisory_id)).toEqual([
      `GHSA-it${w.tag.slice(0, 4)}-0003`,
    ]);
    // One advisory, two affected versions of one template: each person is told once.
    expect(await notificationsOf(w.seller.id, 'security_finding')).toHaveLength(1);
    expect(await notificationsOf(w.deployer.id, 'security_finding')).toHaveLength(1);
  });
});
