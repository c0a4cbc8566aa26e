/**
 * Property-based fuzzing of every route's input, generated from the route table with
 * fast-check: path parameters, query strings and bodies that are random, hostile, or a well-formed
 * example with one field replaced by something odd (huge, negative, exponent, hex, unicode, nested,
 * wrong type, malformed JSON). The property: whatever arrives, no route answers 5xx — bad input is
 * a 4xx with a message, never a crash.
 *
 * Then, without randomness, every write route gets each malformed body of route-malformed.ts:
 * `null` for each field (one at a time, at any depth), each wrong type, text with each character
 * typed text refuses (which must not be accepted), and a body of API Gateway's largest size.
 *
 * Each route is called as an admin (the deepest path through the rules) and as an approved seller,
 * so authorization does not stop the input before the parsers see it.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../../contract/routes';
import { exampleRequest } from '../../fixtures/route-requests';
import { buildWorld, type World } from '../../fixtures/route-world';
import { callRoute, type RouteCall } from '../../fixtures/route-call';
import {
  largestBody,
  malformedBodies,
  MAX_PAYLOAD_BYTES,
  type MalformedBody,
} from '../../fixtures/route-malformed';

/** Runs per route (`FUZZ_RUNS=500` for a deeper local run); routes × RUNS requests in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Fixed (or `FUZZ_SEED`), so a failure reproduces; fast-check prints the counterexample. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/** Values that broke APIs before: numbers at the edges, numbers as text, injection-ish text. */
const hostileScalar = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    '-1e308',
    '1e-9',
    '0x10',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    '../../etc/passwd',
    '%2e%2e%2f',
    '%',
    '\u0000',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${jndi:ldap://x}',
    '🙂'.repeat(50),
    'e30',
    'garbage!!',
    '$marketplace#id_x',
  ),
  fc.constantFrom(0, -1, 1e308, -1e308, 1e-9, Number.MAX_SAFE_INTEGER, 0.001, 2 ** 53 + 1),
  fc.constantFrom(true, false, null),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Any JSON value (objects, arrays, nesting), with hostile scalars at the leaves. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** A string for a path parameter or a query value. */
const textValue = fc.oneof(hostileScalar.map(String), fc.string({ maxLength: 2_100 }));

/** The example body with one field (at any depth) replaced by a hostile value, or removed. */
const mutateBody = (example: unknown): fc.Arbitrary<unknown> => {
  if (example === null || typeof example !== 'object') return jsonish;
  const entries = Object.entries(example as Record<string, unknown>);
  if (entries.length === 0) return jsonish;
  return fc
    .record({
      index: fc.nat({ max: entries.length - 1 }),
      replacement: fc.option(jsonish, { nil: undefined }),
      deep: fc.boolean(),
    })
    .chain(({ index, replacement, deep }) => {
      const [name, value] = entries[index]!;
      if (deep && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        return mutateBody(value).map((inner) => ({ ...example, [name]: inner }));
      }
      const copy: Record<string, unknown> = { ...(example as Record<string, unknown>) };
      if (replacement === undefined) delete copy[name];
      else copy[name] = replacement;
      return fc.constant(copy);
    });
};

/** Requests for one route: the example mutated, or anything at all. */
const requestsFor = (example: RouteCall, paramNames: readonly string[]): fc.Arbitrary<RouteCall> =>
  fc.record({
    params: fc.oneof(
      fc.constant(example.params),
      fc.record(Object.fromEntries(paramNames.map((name) => [name, textValue]))),
    ),
    query: fc.oneof(
      fc.constant(example.query),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom(
            'page',
            'limit',
            'cursor',
            'sort',
            'search',
            'category',
            'tech',
            'unread',
          ),
          fc.string({ maxLength: 10 }),
        ),
        textValue,
        { maxKeys: 4 },
      ),
    ),
    body: fc.oneof(
      mutateBody(example.body),
      jsonish,
      // Not JSON at all: the raw text reaches the parser.
      fc.constantFrom('{"unterminated": ', 'null', '[]', '"text"', '{"a":1}{"b":2}', '\u0000'),
      fc.constant(undefined),
    ),
  });

const hasMessage = (body: string) => {
  try {
    return typeof (JSON.parse(body) as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
};

let world: World;
let requests = 0;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

describe('route input fuzzing', () => {
  it.each(routes.map((route) => ({ route, key: routeKey(route) })))(
    '$key never answers 5xx',
    async ({ route, key }) => {
      const example = await exampleRequest(key, world);
      const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      await fc.assert(
        fc.asyncProperty(requestsFor(example, paramNames), fc.boolean(), async (call, asAdmin) => {
          requests += 1;
          const caller = asAdmin ? world.users.admin : world.users.both;
          const answer = await callRoute(route, caller, call);
          expect(
            answer.status,
            `${key} ${JSON.stringify(call).slice(0, 300)} → ${answer.body}`,
          ).toBeLessThan(500);
          // Every refusal says why, in JSON.
          if (answer.status >= 400) {
            expect(JSON.parse(answer.body)).toHaveProperty('message');
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    60_000,
  );

  it('sent the planned number of requests', () => {
    console.log(`route fuzzing: ${requests} requests over ${routes.length} routes`);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS);
  });
});

/**
 * Fields where a refused character may pass because the value is never kept: a price the access
 * tier ignores (only a one-time sale has one), and an unsigned GitHub delivery, which is
 * acknowledged and dropped without reading it.
 */
const IGNORED_FIELDS = new Set([
  'PATCH /api/mvps/{id} fields.price',
  'POST /api/webhooks/github ref',
  'POST /api/webhooks/github after',
  'POST /api/webhooks/github repository.name',
]);

const exampleBodyOf = (text: string) => ({ list: [{ text }], flag: true });

const writeRoutes = routes.filter((route) => route.method !== 'GET');
let malformedRequests = 0;

describe('malformed bodies on every write route', () => {
  it.each(writeRoutes.map((route) => ({ route, key: routeKey(route) })))(
    '$key answers null, wrong types, refused characters and 10 MB below 500',
    async ({ route, key }) => {
      const example = await exampleRequest(key, world);
      const cases: MalformedBody[] = [
        ...malformedBodies(example.body),
        { name: 'a 10 MB body', body: largestBody(example.body) },
      ];
      const failures: string[] = [];
      // One at a time: a body the route accepts acts on the example's target, and requests
      // racing on one target would test concurrency, not input (and could vary from run to run).
      for (const [index, { name, body, field, forbiddenText }] of cases.entries()) {
        // Admin (the deepest path through the rules) and an approved seller, in turn.
        const asAdmin = index % 2 === 0;
        malformedRequests += 1;
        const caller = asAdmin ? world.users.admin : world.users.both;
        const answer = await callRoute(route, caller, { ...example, body });
        const said = `${name} (as ${asAdmin ? 'admin' : 'seller'}) → ${answer.status} ${answer.body.slice(0, 200)}`;
        if (answer.status >= 500) failures.push(said);
        else if (answer.status >= 400 && !hasMessage(answer.body))
          failures.push(`${said}: a refusal without a message`);
        else if (forbiddenText && answer.status < 400 && !IGNORED_FIELDS.has(`${key} ${field}`))
          failures.push(`${said}: accepted text with a refused character`);
      }
      expect(failures, key).toEqual([]);
    },
    120_000,
  );

  it('sends bodies of exactly API Gateway’s largest payload', () => {
    for (const example of [undefined, { a: 1 }, { nested: { name: 'é' } }, exampleBodyOf('a')]) {
      expect(Buffer.byteLength(largestBody(example))).toBe(MAX_PAYLOAD_BYTES);
    }
  });

  it('sent every malformed body', () => {
    console.log(
      `malformed bodies: ${malformedRequests} requests over ${writeRoutes.length} write routes`,
    );
    expect(malformedRequests).toBeGreaterThan(writeRoutes.length * 6);
  });
});
