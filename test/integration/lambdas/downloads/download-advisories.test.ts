/**
 * A download of a version with a known advisory tells its buyer once: through the downloads
 * Lambda's handler against DynamoDB Local, s3rver and the local SES, with the buyer-deploy state
 * machine (its phase `advisories`) run in process as the local stack runs it. The first download
 * writes one bell notification and, at the next e-mail delivery, one e-mail; a second download of
 * the same version and a deploy of it afterwards tell nothing again (the same SecurityAlert
 * markers as every other path). A telling that cannot start, or hangs, never fails the download.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { lodashFinding } from '../../../fixtures/security-findings';
import type { DownloadResult } from '../../../../contract/downloads';
import { ADVISORIES_START_WITHIN_MS } from '../../../../lambdas/downloads/download-advisories';
import { handler } from '../../../../lambdas/downloads/index';
import { deliverPendingEmails } from '../../../../lambdas/notifications/email-delivery';
import { tellDeployerOfKnownFindings } from '../../../../lambdas/security-alerts/known-findings';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';
import { timed } from '../../../fixtures/third-party-outage';
import { notificationsOf, seedDeployment, seedReport } from '../security-alerts/fixtures';

const sesEndpoint = inject('localCloud').sesEndpoint;
const { runner, settled } = useLocalWorkflows();

afterEach(() => setWorkflowRunner(runner));

/** Every message aws-ses-v2-local holds for `email` about `title` (the store is the run's). */
const mailFor = async (email: string, title: string) => {
  const response = await fetch(`${sesEndpoint}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; body: { text?: string } }[];
  };
  return emails.filter(
    (mail) => mail.destination.to.includes(email) && mail.body.text?.includes(title),
  );
};

const finding = lodashFinding;

/** A seller's live template whose version 2.0.0 has a known high advisory, and a buyer. */
const advisedTemplate = async (title: string) => {
  const [seller, buyer] = await Promise.all([
    putProfile({ role: 'seller', is_seller_approved: true }),
    putProfile({ downloads_remaining: 5, download_quota: 5 }),
  ]);
  const template = await seedTemplate(seller.id, {
    status: 'approved',
    title,
    version_number: '2.0.0',
    security_severity: 'high',
  });
  await seedReport(template, '2.0.0', [{ name: 'lodash', version: '4.17.20' }], {
    findings: [finding('GHSA-35jh-r3h4-6jhm')],
  });
  return { template, buyer };
};

const download = async (templateId: string, buyer: { id: string; email: string }) => {
  const result = (await handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${templateId}/download`,
      claims: idTokenClaims({ sub: buyer.id, email: buyer.email }),
    }),
    lambdaContext('downloads'),
  )) as { statusCode: number; body: string };
  expect(result.statusCode, result.body).toBe(200);
  return jsonBody<DownloadResult>(result);
};

describe('advisories at download', () => {
  it('tells the buyer once, in the bell and by e-mail; downloading again or deploying tells nothing more', async () => {
    const { template, buyer } = await advisedTemplate('Advised Download Kit');

    await download(template.id, buyer);
    await settled();
    const told = await notificationsOf(buyer.id, 'security_finding');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Advised Download Kit 2.0.0, the version you have');
    expect(told[0]!.link).toBe(`/mvp/${template.id}#security`);
    await deliverPendingEmails();
    expect(await mailFor(buyer.email, 'Advised Download Kit 2.0.0')).toHaveLength(1);

    // The same version again: nothing more.
    await download(template.id, buyer);
    await settled();
    expect(await notificationsOf(buyer.id, 'security_finding')).toHaveLength(1);

    // Then deployed: the deploy's TellDeployer step finds the buyer told already.
    const deploymentId = await seedDeployment(buyer.id, template, '2.0.0');
    expect(await tellDeployerOfKnownFindings(deploymentId)).toBe(0);
    expect(await notificationsOf(buyer.id, 'security_finding')).toHaveLength(1);
    await deliverPendingEmails();
    expect(await mailFor(buyer.email, 'Advised Download Kit 2.0.0')).toHaveLength(1);
  });

  it('serves the download when the telling cannot start, or does not answer', async () => {
    const { template, buyer } = await advisedTemplate('Advised Outage Kit');

    setWorkflowRunner({
      start: () => Promise.reject(new Error('Step Functions is not answering.')),
    });
    expect((await download(template.id, buyer)).url).toMatch(/^http/);

    setWorkflowRunner({ start: () => new Promise<void>(() => undefined) });
    const { result, ms } = await timed(() => download(template.id, buyer));
    expect(result.url).toMatch(/^http/);
    // The start's own limit, with room for a busy machine.
    expect(ms).toBeLessThan(ADVISORIES_START_WITHIN_MS + 5_000);
    expect(await notificationsOf(buyer.id, 'security_finding')).toHaveLength(0);
  });
});
