/**
 * No way around the edge: the handlers refuse a request without the secret origin header that
 * CloudFront adds (and the local edge adds as it does), whether it is missing or wrong, and accept
 * both values while a rotation is under way (docs/operations.md, "Origin header"). Requests go to
 * the local API adapter straight, as a caller of the execute-api URL would, and through the edge.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  formatOriginVerifyValues,
  ORIGIN_VERIFY_HEADER,
  parseOriginVerifyValues,
} from '../../../contract/design/origin-verify';
import { secretDesign } from '../../../contract/design/secrets';
import { localSiteConfig, startEdge, type Edge } from '../../../lib/local/cloud/edge';
import { createApiAdapter } from '../../../lib/local/cloud/http-adapter';
import { ORIGIN_REFUSED_MESSAGE } from '../../../lambdas/shared/http/origin-verify';
import { localCloud } from '../../fixtures/users';

const variable = secretDesign.originVerifyKey.envVar;
const configured = process.env[variable]!;
const original = parseOriginVerifyValues(configured).current;
const rotated = `rotated-${original.split('').reverse().join('')}`;

let api: Server;
let apiUrl: string;
let edge: Edge;
let edgeUrl: string;

const urlOf = (server: Server) => `http://localhost:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  const cloud = localCloud();
  const adapter = createApiAdapter({
    cognitoEndpoint: cloud.cognitoEndpoint,
    userPoolId: cloud.userPoolId,
    userPoolClientId: cloud.userPoolClientId,
  });
  api = createServer((request, response) => void adapter(request, response));
  await new Promise<void>((done) => api.listen(0, 'localhost', () => done()));
  apiUrl = urlOf(api);
  const dist = mkdtempSync(join(tmpdir(), 'origin-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
  edge = await startEdge({
    port: 0,
    web: 'dist',
    distDir: dist,
    // As the local stack reads it: the handlers' variable, per request.
    originVerifyValue: () => parseOriginVerifyValues(process.env[variable] ?? '').current,
    api: adapter,
    previews: async (_request, response) => {
      response.writeHead(404);
      response.end();
    },
    webConfig: localSiteConfig({
      userPool: { userPoolId: cloud.userPoolId, userPoolClientId: cloud.userPoolClientId },
      cognitoEndpoint: cloud.cognitoEndpoint,
      betaAccess: false,
      paymentsMode: 'local',
    }),
    endpoints: { cognito: cloud.cognitoEndpoint, filesBucket: 'http://localhost:2' },
  });
  edgeUrl = urlOf(edge.server);
});

afterEach(() => {
  process.env[variable] = configured;
});

afterAll(async () => {
  await edge.close();
  await new Promise<void>((done) => api.close(() => done()));
});

const browse = (base: string, value?: string) =>
  fetch(`${base}/api/mvps`, {
    headers: value === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: value },
  });

describe('straight to the API', () => {
  it('refuses a request without the header, with words and without the value', async () => {
    const response = await browse(apiUrl);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    expect(text).not.toContain(original);
  });

  it('refuses a wrong value, and one that only starts like the right one', async () => {
    for (const wrong of ['guess', original.slice(0, -1), `${original}x`]) {
      const response = await browse(apiUrl, wrong);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain(original);
    }
  });

  it('accepts the current value, as CloudFront sends it', async () => {
    expect((await browse(apiUrl, original)).status).toBe(200);
  });
});

describe('through the local edge', () => {
  it('passes: the edge adds the header', async () => {
    const response = await browse(edgeUrl);
    expect(response.status).toBe(200);
  });

  it('passes even when the client sends a wrong value, which the edge replaces', async () => {
    const response = await browse(edgeUrl, 'forged');
    expect(response.status).toBe(200);
  });
});

describe('during a rotation', () => {
  it('accepts the new and the previous value, and refuses any other', async () => {
    process.env[variable] = formatOriginVerifyValues({ current: rotated, previous: original });
    expect((await browse(apiUrl, original)).status).toBe(200);
    expect((await browse(apiUrl, rotated)).status).toBe(200);
    expect((await browse(apiUrl, 'neither-of-the-two-values')).status).toBe(403);
    expect((await browse(apiUrl)).status).toBe(403);
    // The edge sends the new value once "redeployed".
    expect((await browse(edgeUrl)).status).toBe(200);
  });

  it('refuses the old value once the rotation is finished', async () => {
    process.env[variable] = formatOriginVerifyValues({ current: rotated });
    expect((await browse(apiUrl, original)).status).toBe(403);
    expect((await browse(apiUrl, rotated)).status).toBe(200);
    expect((await browse(edgeUrl)).status).toBe(200);
  });
});
