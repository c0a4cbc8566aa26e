import '../../../../fixtures/lambda-env';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoutes, route } from '../../../../../contract/routes/table';
import {
  formatOriginVerifyValues,
  ORIGIN_VERIFY_HEADER,
  parseOriginVerifyValues,
} from '../../../../../contract/design/origin-verify';
import { secretDesign } from '../../../../../contract/design/secrets';

const testRoutes = defineRoutes('catalog', {
  'GET /api/open': route({ operation: 'open', access: 'public', summary: 'Open.' }),
});

const { createHttpHandler } =
  await import('../../../../../lambdas/shared/http/create-http-handler');
const { ORIGIN_REFUSED_MESSAGE } = await import('../../../../../lambdas/shared/http/origin-verify');
const { jsonResponse } = await import('../../../../../lambdas/shared/http/response');
const { logger } = await import('../../../../../lambdas/shared/observability');
const { apiEvent, jsonBody, lambdaContext } = await import('../../../../fixtures/api-event');

const variable = secretDesign.originVerifyKey.envVar;
const configured = process.env[variable]!;
const current = parseOriginVerifyValues(configured).current;

const build = () => {
  const open = vi.fn(async ({ event }) =>
    jsonResponse(200, { headers: Object.keys(event.headers ?? {}) }),
  );
  const handler = createHttpHandler(
    testRoutes,
    { open: async () => open },
    { loadProfile: vi.fn() },
  );
  return { handler, open };
};

afterEach(() => {
  process.env[variable] = configured;
  vi.restoreAllMocks();
});

describe('the origin check of the HTTP chain', () => {
  it('refuses a request without the header with a 403 in words, before any operation', async () => {
    const { handler, open } = build();
    const warn = vi.spyOn(logger, 'warn');
    const result = await handler(
      apiEvent({ path: '/api/open', viaCloudFront: false }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result)).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    expect(open).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ originHeader: 'missing' }),
    );
  });

  it('refuses a wrong value and logs neither it nor the right one', async () => {
    const { handler } = build();
    const warn = vi.spyOn(logger, 'warn');
    const wrong = `${current}-guess`;
    const result = await handler(
      apiEvent({ path: '/api/open', headers: { [ORIGIN_VERIFY_HEADER]: wrong } }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(403);
    expect(result.body).not.toContain(current);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).toContain('wrong value');
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(current);
  });

  it('passes the current value on, without the header, so no handler can echo it', async () => {
    const { handler, open } = build();
    const result = await handler(apiEvent({ path: '/api/open' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(open).toHaveBeenCalledOnce();
    expect(jsonBody<{ headers: string[] }>(result).headers).not.toContain(ORIGIN_VERIFY_HEADER);
  });

  it('accepts the current and the previous value during a rotation, and nothing else', async () => {
    const { handler } = build();
    const rotated = 'rotated-origin-verify-value-9876543210';
    process.env[variable] = formatOriginVerifyValues({ current: rotated, previous: current });
    const status = async (value: string) =>
      (
        await handler(
          apiEvent({ path: '/api/open', headers: { [ORIGIN_VERIFY_HEADER]: value } }),
          lambdaContext(),
        )
      ).statusCode;
    expect(await status(current)).toBe(200);
    expect(await status(rotated)).toBe(200);
    expect(await status('another-value-of-enough-length')).toBe(403);
    process.env[variable] = formatOriginVerifyValues({ current: rotated });
    expect(await status(current)).toBe(403);
    expect(await status(rotated)).toBe(200);
  });
});

describe('the secret value', () => {
  it('is JSON with a current value and an optional previous one', () => {
    expect(parseOriginVerifyValues('{"current":"aaaaaaaaaaaaaaaa"}')).toEqual({
      current: 'aaaaaaaaaaaaaaaa',
    });
    expect(() => parseOriginVerifyValues('plain')).toThrow(/not JSON/);
    expect(() => parseOriginVerifyValues('{"current":"short"}')).toThrow(/current/);
    expect(() => parseOriginVerifyValues('{"current":"aaaaaaaaaaaaaaaa","previous":"x"}')).toThrow(
      /previous/,
    );
  });
});
