/**
 * The whole processing state machine (the ASL file, run by aws-local-stepfunctions with the real
 * task functions) against DynamoDB Local and s3rver, with a local IPFS Pinning Service API server
 * in place of a real pinning service.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessMetrics } from '../../../../contract/design/metrics';
import { markFailed } from '../../../../lambdas/processing/tasks/mark-failed';
import { metrics } from '../../../../lambdas/shared/observability';
import { computeContentId } from '../../../../lambdas/processing/cid';
import type { SecurityReport } from '../../../../contract/security';
import { handler as securityApi } from '../../../../lambdas/security/index';
import { getReport } from '../../../../lambdas/security/service';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { CatalogVersionEntity } from '../../../../lambdas/shared/db/entities/catalog-version';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { NotificationCounterEntity } from '../../../../lambdas/shared/db/entities/notification-counter';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { STRIPE_LIVE } from '../../../fixtures/archives/fake-secrets';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { zipOf } from '../../../fixtures/archives/writers';
import { putProfile } from '../../../fixtures/profiles';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

const PIN_TOKEN = 'test-pinning-token';

interface PinRequest {
  authorization?: string;
  body: { cid?: string; name?: string };
}

/**
 * A local server with the Pinning Service API's shape (POST /pins {cid, name}, bearer token → 202
 * PinStatus). Started before the imports: configuration is read once, when the modules load.
 */
const pinning = await vi.hoisted(async () => {
  const { createServer } = await import('node:http');
  const requests: PinRequest[] = [];
  /** Status codes to answer with next (then 202). */
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as PinRequest['body'];
      requests.push({ authorization: request.headers.authorization, body });
      const status = answers.shift() ?? 202;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 202
          ? JSON.stringify({
              requestid: `req-${requests.length}`,
              status: 'queued',
              created: new Date().toISOString(),
              pin: body,
              delegates: [],
            })
          : JSON.stringify({
              error: { reason: status === 401 ? 'UNAUTHORIZED' : 'BUSY', details: 'test answer' },
            }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  process.env.PINNING_SERVICE_URL = `http://127.0.0.1:${port}`;
  process.env.PINNING_SERVICE_TOKEN = 'test-pinning-token';
  return { server, requests, answers };
});
const pinRequests = pinning.requests;
const pinAnswers = pinning.answers;

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
const s3 = () => createS3Client(localCloud().s3Endpoint);

beforeAll(() => {
  setWorkflowRunner(runner);
});

afterAll(async () => {
  setWorkflowRunner(undefined);
  await new Promise<void>((done) => pinning.server.close(() => done()));
});

/** What the seller domain does before calling startProcessing: object, MVP (M2), version. */
const registerUpload = async (bytes: Uint8Array | undefined, fileName: string) => {
  const sellerId = `seller-${ulid()}`;
  const template = templateItem({
    seller_id: sellerId,
    status: 'pending_review',
    published_at: undefined,
    version_number: '1.0.0',
    title: `Starter ${fileName}`,
  });
  const versionId = ulid();
  const fileKey = `mvps/${sellerId}/${template.id}/${versionId}/${fileName}`;
  if (bytes) {
    await s3().send(
      new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
    );
  }
  await TemplateEntity.create({
    ...template,
    file_key: fileKey,
    file_size: bytes?.length ?? 0,
    original_file_name: fileName,
  }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    file_key: fileKey,
    file_size: bytes?.length ?? 0,
    original_file_name: fileName,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
  }).go();
  return { mvpId: template.id, versionId, fileKey, sellerId, title: template.title };
};

/** How many failed scans were counted while `run` ran (Powertools' output is off in tests). */
const scansFailedDuring = async (run: () => Promise<unknown>) => {
  const spy = vi.spyOn(metrics, 'addMetric');
  try {
    await run();
    return spy.mock.calls
      .filter(([name]) => name === businessMetrics.scansFailed)
      .reduce((sum, call) => sum + call[2], 0);
  } finally {
    spy.mockRestore();
  }
};

const processAndWait = async (input: { mvpId: string; versionId: string; fileKey: string }) => {
  await startProcessing(input);
  await Promise.all([...runner.running]);
};

const templateOf = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;
const notificationsOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data;
const catalog = async () =>
  (await CatalogVersionEntity.get({ name: 'catalog' }).go({ consistent: true })).data ?? {
    version: 0,
    approved_count: 0,
  };

describe('mvp-processing state machine', () => {
  it('publishes a clean bundle: approved, CID on MVP and version, pinned, catalog bumped, seller notified', async () => {
    const bytes = zipOf(cleanTemplates['react-vite-app']!);
    const upload = await registerUpload(bytes, 'react-starter.zip');
    const before = await catalog();
    pinRequests.length = 0;

    await processAndWait(upload);

    const { cid } = await computeContentId(
      (async function* () {
        yield bytes;
      })(),
    );
    const template = await templateOf(upload.mvpId);
    expect(template).toMatchObject({ status: 'approved', ipfs_hash: cid });
    expect(template.published_at).toEqual(expect.any(String));
    expect(template.last_processing_error).toBeUndefined();
    const version = await TemplateVersionEntity.get({
      mvp_id: upload.mvpId,
      id: upload.versionId,
    }).go();
    expect(version.data?.ipfs_hash).toBe(cid);
    expect(pinRequests).toEqual([
      {
        authorization: `Bearer ${PIN_TOKEN}`,
        body: { cid, name: `mvp-${upload.mvpId}-${upload.versionId}` },
      },
    ]);
    const after = await catalog();
    expect(after.version).toBe(before.version + 1);
    expect(after.approved_count).toBe(before.approved_count + 1);
    const notifications = await notificationsOf(upload.sellerId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'mvp_approved',
      message: `Your MVP "${upload.title}" (version 1.0.0) passed the security scan and is now published.`,
      link: `/mvp/${upload.mvpId}`,
      read: false,
    });
    const counter = await NotificationCounterEntity.get({ user_id: upload.sellerId }).go();
    expect(counter.data?.unread_count).toBe(1);
  });

  it('refuses a bundle with a private key: scan_failed naming the file, seller told why', async () => {
    const archive = badArchives['private-key']!;
    const upload = await registerUpload(await archive.build(), 'with-key.zip');
    const before = await catalog();

    expect(await scansFailedDuring(() => processAndWait(upload))).toBe(1);
    // The failure step delivered again records nothing and counts nothing.
    const again = () => markFailed({ ...upload, status: 'scan_failed', reason: 'again' });
    expect(await scansFailedDuring(again)).toBe(0);

    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('scan_failed');
    expect(template.last_processing_error).toBe(
      'Security scan failed: react-vite-starter/certs/server.key contains a private key',
    );
    expect(template.ipfs_hash).toBeUndefined();
    expect((await catalog()).version).toBe(before.version);
    const [notification] = await notificationsOf(upload.sellerId);
    expect(notification).toMatchObject({ type: 'mvp_rejected', link: '/my-mvps' });
    expect(notification!.message).toContain(upload.title);
    expect(notification!.message).toContain('react-vite-starter/certs/server.key');
  });

  it('still reports the dependencies of a refused bundle, then marks it scan_failed', async () => {
    const archive = zipOf({
      ...cleanTemplates['node-api']!,
      'node-api/src/pay.ts': `export const stripe = new Stripe('${STRIPE_LIVE}');\n`,
    });
    const upload = await registerUpload(archive, 'leaky-api.zip');

    expect(await scansFailedDuring(() => processAndWait(upload))).toBe(1);

    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('scan_failed');
    expect(template.last_processing_error).toBe(
      'Security scan failed: node-api/src/pay.ts contains a Stripe secret key',
    );
    const report = await getReport(upload.mvpId, upload.versionId);
    expect(report).toMatchObject({
      version_id: upload.versionId,
      lock_files: ['node-api/package-lock.json'],
      // The upload scan's summary is for versions that passed it.
      upload_scan: null,
    });
    // express, the one package its lock file pins.
    expect(report!.dependencies.direct + report!.dependencies.transitive).toBe(1);

    // The seller's pages read it as the newest version's report; buyers have no live one.
    await putProfile({ id: upload.sellerId, role: 'seller', is_seller_approved: true });
    const read = (path: string, sub?: string) =>
      securityApi(
        apiEvent({
          path,
          claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
        }),
        lambdaContext('security'),
      );
    const newest = await read(`/api/mvps/${upload.mvpId}/security/newest`, upload.sellerId);
    expect(newest.statusCode).toBe(200);
    expect(jsonBody<SecurityReport>(newest)).toMatchObject({
      version_id: upload.versionId,
      version_number: '1.0.0',
    });
    expect((await read(`/api/mvps/${upload.mvpId}/security`)).statusCode).toBe(404);
  });

  it('marks a refused bundle scan_failed when its audit fails too', async () => {
    const archive = badArchives['wrong-magic-text-named-tgz']!;
    const upload = await registerUpload(await archive.build(), archive.fileName);

    expect(await scansFailedDuring(() => processAndWait(upload))).toBe(1);

    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('scan_failed');
    expect(template.last_processing_error).toMatch(/^Security scan failed: /);
  });

  it('scans a RAR bundle like any other: a clean one is approved with the CID of its bytes', async () => {
    const bytes = rarOf(cleanTemplates['node-api']!);
    const upload = await registerUpload(bytes, 'api.rar');

    await processAndWait(upload);

    const { cid } = await computeContentId(
      (async function* () {
        yield bytes;
      })(),
    );
    expect(await templateOf(upload.mvpId)).toMatchObject({ status: 'approved', ipfs_hash: cid });
  });

  it('refuses a RAR bundle with a path outside the folder, naming the entry', async () => {
    const upload = await registerUpload(await badArchives['rar-zip-slip']!.build(), 'slip.rar');

    await processAndWait(upload);

    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('scan_failed');
    expect(template.last_processing_error).toMatch(/^Security scan failed: \.\.\/evil\.sh /);
  });

  it('records ipfs_pin_failed when the bundle cannot be read from S3', async () => {
    const upload = await registerUpload(undefined, 'missing.zip');

    // A bundle that could not be read was never scanned: not a failed scan.
    expect(await scansFailedDuring(() => processAndWait(upload))).toBe(0);

    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('ipfs_pin_failed');
    expect(template.last_processing_error).toMatch(
      /^Processing failed: The uploaded file could not be read: /,
    );
    const [notification] = await notificationsOf(upload.sellerId);
    expect(notification).toMatchObject({ type: 'mvp_rejected', link: '/my-mvps' });
    expect(notification!.message).toContain('You can retry it from My MVPs.');
  });

  it('retries a transient pinning failure and then publishes', async () => {
    const upload = await registerUpload(zipOf(cleanTemplates['node-api']!), 'api.zip');
    pinRequests.length = 0;
    pinAnswers.push(503, 429);

    await processAndWait(upload);

    expect(pinRequests).toHaveLength(3);
    expect((await templateOf(upload.mvpId)).status).toBe('approved');
  });

  it('records ipfs_pin_failed when the pinning service refuses the pin (no retry on 4xx)', async () => {
    const upload = await registerUpload(zipOf(cleanTemplates['node-api']!), 'api.zip');
    pinRequests.length = 0;
    pinAnswers.push(401);

    await processAndWait(upload);

    expect(pinRequests).toHaveLength(1);
    const template = await templateOf(upload.mvpId);
    expect(template.status).toBe('ipfs_pin_failed');
    expect(template.last_processing_error).toBe(
      'Processing failed: The pinning service refused the pin (401): UNAUTHORIZED: test answer.',
    );
  });

  it('is harmless to run twice: one approval, one bump, one notification', async () => {
    const upload = await registerUpload(zipOf(cleanTemplates['next-like-app']!), 'next.zip');
    const before = await catalog();

    await Promise.all([startProcessing(upload), startProcessing(upload)]);
    await Promise.all([...runner.running]);

    expect((await templateOf(upload.mvpId)).status).toBe('approved');
    expect((await catalog()).version).toBe(before.version + 1);
    expect(await notificationsOf(upload.sellerId)).toHaveLength(1);
  });

  it('leaves an MVP alone whose file was replaced while it was processed', async () => {
    const upload = await registerUpload(zipOf(cleanTemplates['node-api']!), 'api.zip');
    await TemplateEntity.patch({ id: upload.mvpId })
      .set({ file_key: `${upload.fileKey}.newer` })
      .go();

    await processAndWait(upload);

    expect((await templateOf(upload.mvpId)).status).toBe('pending_review');
    expect(await notificationsOf(upload.sellerId)).toHaveLength(0);
  });
});
