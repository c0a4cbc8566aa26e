/**
 * Settings → Notifications, security alerts per template, through the security alerts Lambda's
 * handler: the caller's downloaded and deployed templates each with a switch (on by default), a
 * switch turned off and on again, a template the caller does not hold refused with 404 (whoever
 * holds it), a malformed body refused with 400, and signed-out callers refused.
 */
import { describe, expect, it } from 'vitest';
import {
  SECURITY_ALERT_MESSAGES,
  type SecurityAlertSettings,
} from '../../../../contract/security-alerts';
import type { HttpMethod } from '../../../../contract/routes';
import { listMutes } from '../../../../lambdas/security-alerts/repo';
import { apiEvent, idTokenClaims, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { putProfile } from '../../../fixtures/profiles';
import { seedDeployment, seedDownload, seedLiveTemplate } from './fixtures';

const call = async (method: HttpMethod, path: string, userId: string | null, body?: unknown) => {
  const result = await dispatch(
    apiEvent({
      method,
      path,
      body,
      ...(userId ? { claims: idTokenClaims({ sub: userId, email: `${userId}@example.com` }) } : {}),
    }),
    lambdaContext('security-alerts'),
  );
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
};

describe('security alert settings', () => {
  it('lists held templates with a switch, and switches only those', async () => {
    const [seller, buyer, stranger] = await Promise.all([putProfile(), putProfile(), putProfile()]);
    const downloaded = await seedLiveTemplate(seller!.id, 'Alpha Kit');
    const deployed = await seedLiveTemplate(seller!.id, 'Beta Kit');
    const other = await seedLiveTemplate(seller!.id, 'Gamma Kit');
    await seedDownload(buyer!.id, downloaded, '1.0.0');
    await seedDownload(buyer!.id, downloaded, '1.0.0');
    await seedDeployment(buyer!.id, deployed, '1.0.0');
    await seedDownload(stranger!.id, other, '1.0.0');

    const listed = await call('GET', '/api/my/security-alerts', buyer!.id);
    expect(listed.status).toBe(200);
    expect((listed.body as SecurityAlertSettings).items).toEqual([
      { mvp_id: downloaded.id, title: downloaded.title, alerts: true },
      { mvp_id: deployed.id, title: deployed.title, alerts: true },
    ]);

    const off = await call('PUT', `/api/my/security-alerts/${deployed.id}`, buyer!.id, {
      alerts: false,
    });
    expect(off).toEqual({
      status: 200,
      body: { mvp_id: deployed.id, title: deployed.title, alerts: false },
    });
    expect((await listMutes(buyer!.id)).map((mute) => mute.mvp_id)).toEqual([deployed.id]);
    const again = await call('GET', '/api/my/security-alerts', buyer!.id);
    expect((again.body as SecurityAlertSettings).items[1]).toMatchObject({ alerts: false });
    await call('PUT', `/api/my/security-alerts/${deployed.id}`, buyer!.id, { alerts: true });
    expect(await listMutes(buyer!.id)).toEqual([]);

    const notHeld = await call('PUT', `/api/my/security-alerts/${other.id}`, buyer!.id, {
      alerts: false,
    });
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.message ?? notHeld.body.error).toBe(SECURITY_ALERT_MESSAGES.notHeld);
    expect(await listMutes(buyer!.id)).toEqual([]);
    expect(
      (await call('PUT', `/api/my/security-alerts/${deployed.id}`, buyer!.id, { alerts: 'no' }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/api/my/security-alerts', null)).status).toBe(401);
  });
});
