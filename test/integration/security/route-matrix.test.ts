/**
 * The role × route authorization matrix, generated from the route table: every route is
 * called by every kind of caller — anonymous, buyer, unapproved seller, approved seller, admin,
 * both, and a beta account (role both, seller and buyer rights only) — with other people's ids
 * wherever a route takes one. For each cell the table below says
 * who may act; the rest must be refused (401 signed out, 403 or 404 otherwise), nobody may get a
 * 5xx, and no answer may carry another person's private data (e-mail addresses, notification,
 * subscription).
 *
 * A route added to the table without a row here fails the first test: a new route cannot ship
 * without a decision on who may call it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../../../contract/routes';
import { exampleRequest } from '../../fixtures/route-requests';
import { CALLERS, buildWorld, type CallerName, type World } from '../../fixtures/route-world';
import { callRoute } from '../../fixtures/route-call';

type SignedIn = Exclude<CallerName, 'anonymous'>;

/** GitHub's token prefixes, a sealed vault value, and the fields that would hold either. */
const TOKEN_PATTERN =
  /\b(gho|ghu|ghs|ghp)_[A-Za-z0-9]|v1\.(local|kms)\.|token_ciphertext|access_token/;

interface Cell {
  /** Who may act (their answer is not 401/403/404). Everyone else is refused. */
  allowed: 'everyone' | 'signed-in' | readonly SignedIn[];
  /** Who may see the targeted private data in the answer (the dispute's parties' e-mails). */
  seesPrivateData?: readonly SignedIn[];
  /** A 404 that answers the request itself, for everyone alike (a feature switched off). */
  notFoundForAll?: string;
}

const SIGNED_IN: readonly SignedIn[] = ['buyer', 'applicant', 'seller', 'admin', 'both', 'beta'];
/** A beta account is not among them: anyone can start one. */
const ADMINS: readonly SignedIn[] = ['admin', 'both'];
const APPROVED_SELLERS: readonly SignedIn[] = ['seller', 'both', 'beta'];

/**
 * One row per route of the table, keyed `METHOD /path`. The request each cell sends is the
 * route's example (test/fixtures/route-requests.ts), aimed at other people's data.
 */
const matrix: Record<string, Cell> = {
  // Security alerts: the caller's own switch of a template they hold (each caller downloads the
  // world's template in this matrix); a template they do not hold is a 404 (settings.test.ts).
  'GET /api/my/security-alerts': { allowed: 'signed-in' },
  'PUT /api/my/security-alerts/{id}': { allowed: 'signed-in' },
  // Live templates with known advisories, their sellers and how many buyers hold them.
  'GET /api/admin/security-advisories': { allowed: ADMINS },
  'GET /api/mvps': { allowed: 'everyone' },
  'GET /api/mvps/{id}': { allowed: 'everyone' },
  // The live version's security report is public; any version's, and the newest, are its
  // seller's or an admin's.
  'GET /api/mvps/{id}/security': { allowed: 'everyone' },
  'GET /api/mvps/{id}/security/newest': { allowed: ADMINS },
  'GET /api/mvps/{id}/versions/{versionId}/security': { allowed: ADMINS },
  // The live version's build is public without its log; the newest version's, with the log's
  // end, is its seller's or an admin's; only its seller rebuilds it (admins read, never spend).
  'GET /api/mvps/{id}/build': { allowed: 'everyone' },
  'GET /api/mvps/{id}/build/newest': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/mvps/{id}/rebuild': { allowed: [] },
  // A signed address of the live version's preview is public (the preview is shown to all); the
  // newest version's, before approval, is its seller's or an admin's.
  'GET /api/mvps/{id}/preview': { allowed: 'everyone' },
  'GET /api/mvps/{id}/preview/newest': { allowed: ADMINS },
  // The pictures of the newest build: its seller's and admins' to see, its seller's alone to add
  // to the gallery (an admin never changes a seller's gallery).
  'GET /api/mvps/{id}/build/screenshots/{viewport}': { allowed: ADMINS },
  'POST /api/mvps/{id}/build/screenshots/{viewport}/gallery': { allowed: [] },
  'GET /api/me': { allowed: 'signed-in' },
  'PATCH /api/me': { allowed: 'signed-in' },
  'PUT /api/me/avatar': { allowed: 'signed-in' },
  'POST /api/auth/beta': {
    allowed: 'everyone',
    notFoundForAll: 'beta access is switched off in these tests',
  },
  'GET /api/sellers/{username}': { allowed: 'everyone' },
  // The caller's own data only; closing needs the caller's password (the example's is wrong: 400).
  'GET /api/me/export': { allowed: 'signed-in' },
  'POST /api/me/close': { allowed: 'signed-in' },
  'GET /api/me/newsletter': { allowed: 'signed-in' },
  'PUT /api/me/newsletter': { allowed: 'signed-in' },
  'POST /api/leads': { allowed: 'everyone' },
  // Bearer links from e-mails: whoever holds the signed token may use it (and only it).
  'POST /api/newsletter/confirm': { allowed: 'everyone' },
  'POST /api/newsletter/unsubscribe': { allowed: 'everyone' },
  'GET /api/stats': { allowed: 'everyone' },
  'GET /api/health': { allowed: 'everyone' },
  'GET /api/subscriptions': { allowed: 'signed-in' },
  'GET /api/subscriptions/current': { allowed: 'signed-in' },
  // Another person's subscription: nobody may ask for a refund on it (404, as if absent).
  'POST /api/refund-requests': { allowed: [] },
  'GET /api/refund-requests': { allowed: 'signed-in' },
  // The caller's own purchases only; it takes no id.
  'GET /api/refund-requests/refundable': { allowed: 'signed-in' },
  // Nobody but the victim downloaded the template: the rule answers 400 for every signed-in caller.
  'POST /api/disputes': { allowed: 'signed-in' },
  'GET /api/disputes': { allowed: 'signed-in' },
  // The victim's dispute with the owner: admins only (the parties are not among the callers).
  'GET /api/disputes/{id}': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/seller-applications': { allowed: 'signed-in' },
  // The caller's own application state only (the key is the caller's id).
  'GET /api/seller-applications/mine': { allowed: 'signed-in' },
  'GET /api/admin/seller-applications': { allowed: ADMINS, seesPrivateData: ADMINS },
  // A stranger's pending application, rejected with a reason by admins.
  'POST /api/admin/seller-applications/{userId}/decision': {
    allowed: ADMINS,
    seesPrivateData: ADMINS,
  },
  'POST /api/uploads': { allowed: [...APPROVED_SELLERS, 'admin'] },
  'POST /api/uploads/avatar': { allowed: 'signed-in' },
  'POST /api/mvps': { allowed: APPROVED_SELLERS },
  // Another seller's template: owner, admin and both only; the owner is not a caller here.
  'POST /api/mvps/{id}/versions': { allowed: ADMINS },
  'GET /api/mvps/{id}/manage': { allowed: ADMINS },
  'PATCH /api/mvps/{id}': { allowed: ADMINS },
  'POST /api/mvps/{id}/retry': { allowed: ADMINS },
  // The owner's decision alone: admin rights reject a version, they do not withdraw it.
  'POST /api/mvps/{id}/versions/{versionId}/withdraw': { allowed: [] },
  'GET /api/mvps/{id}/versions': { allowed: 'everyone' },
  'DELETE /api/mvps/{id}': { allowed: ADMINS },
  'GET /api/my/mvps': { allowed: APPROVED_SELLERS },
  'GET /api/my/mvps/downloads': { allowed: APPROVED_SELLERS },
  'POST /api/mvps/{id}/download': { allowed: 'signed-in' },
  'GET /api/mvps/{id}/download-status': { allowed: 'signed-in' },
  'GET /api/mvps/{id}/files': { allowed: 'everyone' },
  // The owner's subscription template, read by whoever may download it: nobody among the callers
  // holds a subscription, an order or a download of it, so only admin rights read its files.
  'GET /api/mvps/{id}/files/content': { allowed: ADMINS },
  // Public as the README that shows the image is; the service refuses images it does not show.
  'GET /api/mvps/{id}/files/image': { allowed: 'everyone' },
  'GET /api/downloads': { allowed: 'signed-in' },
  'GET /api/mvps/{id}/reviews': { allowed: 'everyone' },
  // A beta account may not review (anyone can start one); the owner is not among the callers.
  'POST /api/mvps/{id}/reviews': { allowed: ['buyer', 'applicant', 'seller', 'admin', 'both'] },
  'GET /api/mvps/{id}/reviews/mine': { allowed: 'signed-in' },
  // The route reaches only the caller's own review: the POST row above wrote one for each caller
  // but beta (refused), so they delete theirs; beta has none (404); the victim's is never reached.
  'DELETE /api/mvps/{id}/reviews/mine': {
    allowed: ['buyer', 'applicant', 'seller', 'admin', 'both'],
  },
  'GET /api/notifications': { allowed: 'signed-in' },
  'GET /api/notifications/unread-count': { allowed: 'signed-in' },
  // The victim's notification: nobody else can mark it (404, as if absent).
  'POST /api/notifications/{id}/read': { allowed: [] },
  'POST /api/notifications/read-all': { allowed: 'signed-in' },
  // The caller's own e-mail switches only.
  'GET /api/my/notification-preferences': { allowed: 'signed-in' },
  'PUT /api/my/notification-preferences': { allowed: 'signed-in' },
  // A bearer link from an e-mail: whoever holds the signed token may use it (and only it).
  'POST /api/notifications/unsubscribe': { allowed: 'everyone' },
  // Money.
  'GET /api/billing/plans': { allowed: 'everyone' },
  // Checkout is for any signed-in caller (the example's return address is off-site: 400 for all).
  'POST /api/billing/checkout': { allowed: 'signed-in' },
  // The victim's Checkout Session: nobody else can read it (404, as if absent).
  'GET /api/billing/checkout/{sessionId}': { allowed: [] },
  // The caller's own subscription only (none here: 409 for all).
  'PATCH /api/subscriptions/current': { allowed: 'signed-in' },
  // The caller's own Stripe customer only; no id is taken (the example's return address is
  // off-site: 400 for all).
  'POST /api/billing/portal': { allowed: 'signed-in' },
  // Public: Stripe proves itself by signature; a forged event is a 400 for everyone.
  'POST /api/webhooks/stripe': { allowed: 'everyone' },
  // Public: GitHub proves itself by the template's secret; an event that is not a push is a 204.
  // Buyer deployments: the victim's deployment is nobody else's (404 as if absent).
  'POST /api/deployments/github/authorize-url': { allowed: 'signed-in' },
  // A state not issued to the caller: 400 for everyone signed in (nothing exchanged).
  'POST /api/deployments/github/callback': { allowed: 'signed-in' },
  'DELETE /api/deployments/github': { allowed: 'signed-in' },
  'GET /api/my/connections': { allowed: 'signed-in' },
  // Nobody among the callers connected GitHub: 409, and no download is spent.
  'POST /api/deployments': { allowed: 'signed-in' },
  'GET /api/my/deployments': { allowed: 'signed-in' },
  'GET /api/deployments/{id}': { allowed: [] },
  'POST /api/deployments/{id}/netlify/authorize-url': { allowed: [] },
  'POST /api/deployments/netlify/callback': { allowed: 'signed-in' },
  'POST /api/deployments/{id}/upgrade-pull-request': { allowed: [] },
  'POST /api/deployments/{id}/resume': { allowed: [] },
  // The victim's deployment: nobody else can show or hide it (404, as if absent).
  'PUT /api/deployments/{id}/story': { allowed: [] },
  'GET /api/stories': { allowed: 'everyone' },
  'POST /api/webhooks/github': { allowed: 'everyone' },
  'GET /api/github/app/install-url': { allowed: APPROVED_SELLERS },
  // A made-up state: 400 for every approved seller.
  'POST /api/github/app/installations': { allowed: APPROVED_SELLERS },
  // Another seller's template: its owner alone (not admin) links, validates and syncs.
  'POST /api/my/mvps/{id}/github/validate': { allowed: [] },
  'PUT /api/my/mvps/{id}/github': { allowed: [] },
  'DELETE /api/my/mvps/{id}/github': { allowed: [] },
  'POST /api/my/mvps/{id}/github/sync': { allowed: [] },
  'GET /api/connect': { allowed: APPROVED_SELLERS },
  'POST /api/connect/account-link': { allowed: APPROVED_SELLERS },
  // The caller's own Connect account (none here: 409 for the approved sellers).
  'POST /api/connect/login-link': { allowed: APPROVED_SELLERS },
  'GET /api/my/analytics': { allowed: APPROVED_SELLERS },
  'GET /api/my/analytics/export': { allowed: APPROVED_SELLERS },
  'GET /api/payouts': { allowed: APPROVED_SELLERS },
  'GET /api/admin/newsletter-types': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/newsletter-types': { allowed: ADMINS, seesPrivateData: ADMINS },
  'PATCH /api/admin/newsletter-types/{id}': { allowed: ADMINS, seesPrivateData: ADMINS },
  'DELETE /api/admin/newsletter-types/{id}': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/newsletter-types/{id}/subscriptions': {
    allowed: ADMINS,
    seesPrivateData: ADMINS,
  },
  'GET /api/admin/newsletter-subscribers': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/newsletter-subscribers/export': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/newsletter-issues': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/newsletter-issues': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/newsletter-issues/{id}': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/newsletter-issues/{id}/send': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/refund-requests': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/refund-requests/{id}/approve': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/refund-requests/{id}/reject': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/refund-requests/{id}/process': { allowed: ADMINS, seesPrivateData: ADMINS },
  // Public verification: whoever holds a licence id may see it (never the licensee's e-mail).
  'GET /api/licenses/{id}': { allowed: 'everyone' },
  'GET /api/me/licenses': { allowed: 'signed-in' },
  'GET /api/admin/audit-log': { allowed: ADMINS, seesPrivateData: ADMINS },
  // Public form; its answer is the same thank-you for everyone (or a 429 past the hourly limit).
  'POST /api/contact': { allowed: 'everyone' },
  'GET /api/admin/contact-messages': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/contact-messages/{id}/handle': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/users': { allowed: ADMINS, seesPrivateData: ADMINS },
  // The victim has no sign-in account: admins get the 409 and nothing changes.
  'PATCH /api/admin/users/{id}/role': { allowed: ADMINS, seesPrivateData: ADMINS },
  // The victim is a buyer: admins get the 409 "sellers only" and nothing changes.
  'POST /api/admin/users/{id}/seller-approval': { allowed: ADMINS, seesPrivateData: ADMINS },
  // The victim has no sign-in account: admins get the 409 and nothing changes.
  'POST /api/admin/users/{id}/mfa-reset': { allowed: ADMINS },
  'PUT /api/admin/users/{id}/plan': { allowed: ADMINS },
  'GET /api/admin/disputes': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/disputes/{id}/start-review': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/disputes/{id}/resolve': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/payouts': { allowed: ADMINS, seesPrivateData: ADMINS },
  // The owner has no Connect account: admins get the 409 and no money moves.
  'POST /api/admin/payouts/{sellerId}/{monthYear}/process': {
    allowed: ADMINS,
    seesPrivateData: ADMINS,
  },
  'GET /api/admin/payout-runs': { allowed: ADMINS },
  // The month's run completed: admins get the 409 and nobody is paid again.
  'POST /api/admin/payout-runs': { allowed: ADMINS },
  'GET /api/admin/mvps': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/mvps/{id}/approve': { allowed: ADMINS, seesPrivateData: ADMINS },
  'POST /api/admin/mvps/{id}/reject': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/overview': { allowed: ADMINS, seesPrivateData: ADMINS },
  'GET /api/admin/analytics': { allowed: ADMINS, seesPrivateData: ADMINS },
};

const mayAct = (cell: Cell, caller: CallerName): boolean => {
  if (cell.allowed === 'everyone') return true;
  if (caller === 'anonymous') return false;
  if (cell.allowed === 'signed-in') return true;
  return cell.allowed.includes(caller);
};

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

describe('role × route matrix', () => {
  it('has a decision for every route of the table, and no row for a route that is gone', () => {
    const keys = routes.map(routeKey);
    expect(
      keys.filter((key) => !matrix[key]),
      'routes without a matrix row',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((key) => !keys.includes(key)),
      'stale rows',
    ).toEqual([]);
    expect(SIGNED_IN.length + 1).toBe(CALLERS.length);
  });

  const cells = routes.flatMap((route) =>
    CALLERS.map((caller) => ({ route, caller, key: routeKey(route) })),
  );

  it.each(cells)('$key as $caller', async ({ route, caller, key }) => {
    const cell = matrix[key];
    if (!cell) throw new Error(`No matrix row for ${key}`);
    const user = caller === 'anonymous' ? null : world.users[caller];
    const request = await exampleRequest(key, world);
    const answer = await callRoute(route as RouteDefinition, user, request);

    expect(answer.status, `${key} as ${caller}: ${answer.body}`).toBeLessThan(500);
    if (mayAct(cell, caller)) {
      const refusals = cell.notFoundForAll ? [401, 403] : [401, 403, 404];
      expect(refusals, `${key} as ${caller} was refused: ${answer.body}`).not.toContain(
        answer.status,
      );
    } else if (caller === 'anonymous' && route.access !== 'public') {
      expect(answer.status, `${key} signed out`).toBe(401);
    } else {
      expect([403, 404], `${key} as ${caller} got through: ${answer.body}`).toContain(
        answer.status,
      );
    }
    // No answer to anyone carries a token or a sealed one: GitHub's and Netlify's
    // OAuth tokens are sealed at rest and never leave the server.
    expect(answer.body, `${key} as ${caller} carries a token`).not.toMatch(TOKEN_PATTERN);
    const mayReadPrivate = caller !== 'anonymous' && cell.seesPrivateData?.includes(caller);
    if (!mayReadPrivate) {
      for (const marker of world.privateMarkers) {
        expect(answer.body, `${key} as ${caller} leaks ${marker}`).not.toContain(marker);
      }
    }
  });
});
