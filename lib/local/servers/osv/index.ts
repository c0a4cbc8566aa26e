/**
 * The local OSV-compatible server (one code path to each third party): the two endpoints of the
 * OSV API the dependency audit calls (lambdas/security/osv.ts), answered from a small set of real
 * published advisories held as data (advisories.ts), and a control API for tests, the seed and
 * the daily re-check's demos. In process, node:http only, state in memory; starts in a few
 * milliseconds.
 *
 *   POST /v1/querybatch   { queries: [{ package: { ecosystem, name }, version, page_token? }] }
 *                         → { results: [{ vulns?: [{ id, modified }], next_page_token? }] }
 *                         (at most 1,000 queries, else 400, as OSV documents)
 *   GET  /v1/vulns/{id}   → the advisory, or 404 `{ code: 5, message: "Bug not found." }`
 *
 *   POST /_local/advisories  an OSV record → { id }  (added or replaced, `modified` now unless given)
 *   POST /_local/outage      { mode: 'none' | 'unavailable' | 'hang' } → { mode }: the OSV
 *                            endpoints answer 503, or never answer, until set back to 'none'
 *   POST /_local/reset       → the starting advisories, no outage, counters at zero
 *   GET  /_local/stats       → { querybatch, vulns }: requests answered since the last reset
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ECOSYSTEMS, type Ecosystem } from '../../../../contract/security';
import type { OsvVulnerability } from '../../../../lambdas/security/osv';
import { isAffected } from '../../../../lambdas/security/versions';
import { LOCAL_ADVISORIES } from './advisories';

export type OutageMode = 'none' | 'unavailable' | 'hang';

export interface LocalOsvOptions {
  /** 0: any free port. */
  port: number;
  /** Advisory ids in one answer page (OSV pages at 1,000; tests set it low to see paging). */
  pageSize?: number;
}

export interface LocalOsvControl {
  addAdvisory(record: OsvVulnerability): Promise<void>;
  setOutage(mode: OutageMode): Promise<void>;
  reset(): Promise<void>;
  stats(): Promise<{ querybatch: number; vulns: number }>;
}

export interface LocalOsv {
  /** `http://localhost:<port>`: OSV_API_URL. */
  endpoint: string;
  control: LocalOsvControl;
  stop(): Promise<void>;
}

const MAX_QUERIES = 1000;

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
};

interface Query {
  package?: { ecosystem?: string; name?: string };
  version?: string;
  page_token?: string;
}

const createState = () => {
  const advisories = new Map<string, OsvVulnerability>();
  const state = { advisories, outage: 'none' as OutageMode, querybatch: 0, vulns: 0 };
  const reset = () => {
    advisories.clear();
    for (const record of LOCAL_ADVISORIES) advisories.set(record.id, structuredClone(record));
    Object.assign(state, { outage: 'none', querybatch: 0, vulns: 0 });
  };
  reset();
  return { state, reset };
};

type State = ReturnType<typeof createState>;

const matches = (state: State['state'], query: Query): OsvVulnerability[] => {
  const ecosystem = query.package?.ecosystem;
  const name = query.package?.name;
  const version = query.version;
  // An ecosystem the audit does not read has no advisories here.
  if (!ECOSYSTEMS.includes(ecosystem as Ecosystem) || !name || !version) return [];
  return [...state.advisories.values()]
    .filter((record) => isAffected(ecosystem as Ecosystem, name, version, record.affected ?? []))
    .sort((a, b) => a.id.localeCompare(b.id));
};

const answerBatch = (state: State['state'], body: unknown, pageSize: number) => {
  const queries = (body as { queries?: Query[] }).queries;
  if (!Array.isArray(queries))
    return { status: 400, body: { code: 3, message: 'queries missing' } };
  if (queries.length > MAX_QUERIES)
    return { status: 400, body: { code: 3, message: 'Too many queries.' } };
  state.querybatch += 1;
  const results = queries.map((query) => {
    const all = matches(state, query);
    const start = Number(query.page_token ?? 0) || 0;
    const page = all.slice(start, start + pageSize);
    const next = start + pageSize < all.length ? String(start + pageSize) : undefined;
    return {
      ...(page.length ? { vulns: page.map(({ id, modified }) => ({ id, modified })) } : {}),
      ...(next ? { next_page_token: next } : {}),
    };
  });
  return { status: 200, body: { results } };
};

const handleControl = async (
  { state, reset }: State,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
) => {
  if (request.method === 'POST' && path === '/_local/advisories') {
    const record = (await readJson(request)) as OsvVulnerability;
    if (!record?.id) return send(response, 400, { message: 'An advisory needs an id.' });
    state.advisories.set(record.id, {
      ...record,
      modified: record.modified ?? new Date().toISOString(),
    });
    return send(response, 200, { id: record.id });
  }
  if (request.method === 'POST' && path === '/_local/outage') {
    const { mode } = (await readJson(request)) as { mode?: OutageMode };
    if (!mode || !['none', 'unavailable', 'hang'].includes(mode))
      return send(response, 400, { message: "mode is 'none', 'unavailable' or 'hang'." });
    state.outage = mode;
    return send(response, 200, { mode });
  }
  if (request.method === 'POST' && path === '/_local/reset') {
    reset();
    return send(response, 200, { reset: true });
  }
  if (request.method === 'GET' && path === '/_local/stats')
    return send(response, 200, { querybatch: state.querybatch, vulns: state.vulns });
  return send(response, 404, { message: 'Not found' });
};

const handleOsv = async (
  { state }: State,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  pageSize: number,
) => {
  if (state.outage === 'hang') return; // the caller's timeout ends it
  if (state.outage === 'unavailable')
    return send(response, 503, { code: 14, message: 'Service unavailable' });
  if (request.method === 'POST' && path === '/v1/querybatch') {
    const answer = answerBatch(state, await readJson(request), pageSize);
    return send(response, answer.status, answer.body);
  }
  const vuln = /^\/v1\/vulns\/([^/]+)$/.exec(path);
  if (request.method === 'GET' && vuln) {
    state.vulns += 1;
    const record = state.advisories.get(decodeURIComponent(vuln[1]!));
    return record
      ? send(response, 200, record)
      : send(response, 404, { code: 5, message: 'Bug not found.' });
  }
  return send(response, 404, { code: 5, message: 'Not found' });
};

const controlClient = (endpoint: string): LocalOsvControl => {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${endpoint}/_local/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`Local OSV control API answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    addAdvisory: async (record) => void (await call('POST', 'advisories', record)),
    setOutage: async (mode) => void (await call('POST', 'outage', { mode })),
    reset: async () => void (await call('POST', 'reset', {})),
    stats: () => call('GET', 'stats'),
  };
};

/** Starts the server; resolves once it listens. */
export const startLocalOsv = async (options: LocalOsvOptions): Promise<LocalOsv> => {
  const held = createState();
  const pageSize = options.pageSize ?? 1000;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const handle = path.startsWith('/_local/')
      ? handleControl(held, request, response, path)
      : handleOsv(held, request, response, path, pageSize);
    handle.catch(() => {
      if (!response.headersSent) send(response, 400, { code: 3, message: 'Invalid request.' });
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });
  const endpoint = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    control: controlClient(endpoint),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
};

/** A client of the control API of a server started elsewhere (the local stack's, from a test). */
export const createLocalOsvControl = controlClient;
