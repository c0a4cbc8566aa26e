/**
 * Text fields through the real handlers: a direction override, a NUL or a lone surrogate in what
 * people type is refused with the text helper's words (400), while right-to-left text, emoji and
 * other scripts in the same field are not. The requests are the route tests' well-formed examples
 * (route-requests.ts) with one field replaced, sent by a caller the route lets through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../../contract/routes';
import { textMessages, type TextProblem } from '../../../contract/text';
import { callRoute } from '../../fixtures/route-call';
import { exampleRequest } from '../../fixtures/route-requests';
import { buildWorld, type World } from '../../fixtures/route-world';

interface TextField {
  route: string;
  /** The field's path in the body. */
  path: readonly string[];
  /** How the field's messages name it. */
  label: string;
  caller: 'admin' | 'both' | 'buyer';
}

const FIELDS: readonly TextField[] = [
  { route: 'POST /api/contact', path: ['name'], label: 'Your name', caller: 'buyer' },
  { route: 'POST /api/contact', path: ['message'], label: 'Your message', caller: 'buyer' },
  { route: 'PATCH /api/me', path: ['display_name'], label: 'Display name', caller: 'buyer' },
  { route: 'PATCH /api/me', path: ['bio'], label: 'Bio', caller: 'buyer' },
  { route: 'POST /api/refund-requests', path: ['reason'], label: 'The reason', caller: 'buyer' },
  {
    route: 'POST /api/admin/newsletter-types',
    path: ['name'],
    label: 'The name',
    caller: 'admin',
  },
  {
    route: 'POST /api/admin/newsletter-issues',
    path: ['subject'],
    label: 'The subject',
    caller: 'admin',
  },
  { route: 'POST /api/mvps', path: ['fields', 'title'], label: 'Title', caller: 'both' },
  {
    route: 'POST /api/mvps',
    path: ['fields', 'description'],
    label: 'Description',
    caller: 'both',
  },
];

const REFUSED: readonly { problem: TextProblem; value: string }[] = [
  { problem: 'bidiControl', value: 'Ev\u202Eil' },
  { problem: 'bidiControl', value: 'Ev\u2067il' },
  { problem: 'controlCharacter', value: 'Ann\u0000a' },
  { problem: 'loneSurrogate', value: 'Party \uD83C' },
];

/** Ordinary text in other scripts: never refused by the text rule. */
const ACCEPTED = ['محادثة عربية', 'שלום עולם', 'Launch 🚀 👩🏽‍💻', '电子商务 スターター'];

const withField = (body: unknown, path: readonly string[], value: string): unknown => {
  if (path.length === 0) return value;
  const [name, ...rest] = path;
  const object = body as Record<string, unknown>;
  return { ...object, [name!]: withField(object[name!], rest, value) };
};

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

describe('text fields through the handlers', () => {
  it.each(FIELDS.map((field) => ({ ...field, name: `${field.route} ${field.path.join('.')}` })))(
    '$name refuses what the text helper refuses, in its words, and takes any script',
    async ({ route: key, path, label, caller }) => {
      const route = routes.find((candidate) => routeKey(candidate) === key)!;
      const messages = textMessages(label);
      for (const { problem, value } of REFUSED) {
        const example = await exampleRequest(key, world);
        const answer = await callRoute(route, world.users[caller], {
          ...example,
          body: withField(example.body, path, value),
        });
        expect(answer.status, `${JSON.stringify(value)} → ${answer.body}`).toBe(400);
        expect((JSON.parse(answer.body) as { message: string }).message).toBe(messages[problem]);
      }
      for (const value of ACCEPTED) {
        const example = await exampleRequest(key, world);
        const answer = await callRoute(route, world.users[caller], {
          ...example,
          body: withField(example.body, path, value),
        });
        expect(answer.status, `${value} → ${answer.body}`).toBeLessThan(500);
        if (answer.status === 400) {
          expect(Object.values(messages)).not.toContain(
            (JSON.parse(answer.body) as { message: string }).message,
          );
        }
      }
    },
    60_000,
  );
});

describe('text in any script', () => {
  it('is kept as typed: a display name and bio in Hebrew, Arabic and emoji round-trip', async () => {
    const update = routes.find((route) => routeKey(route) === 'PATCH /api/me')!;
    const read = routes.find((route) => routeKey(route) === 'GET /api/me')!;
    const example = await exampleRequest('PATCH /api/me', world);
    const typed = { display_name: 'שלום · سلام 🚀', bio: 'מפתחת\nمطوّرة 👩🏽‍💻\tCJK: 开发者' };
    const saved = await callRoute(update, world.users.buyer, {
      body: { ...(example.body as object), ...typed },
    });
    expect(saved.status, saved.body).toBe(200);
    const profile = JSON.parse((await callRoute(read, world.users.buyer)).body) as typeof typed;
    expect({ display_name: profile.display_name, bio: profile.bio }).toEqual(typed);
  });
});
