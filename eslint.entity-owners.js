// Who owns each entity of lambdas/shared/db/entities (docs/data-model.md, "Owners"). The owner
// domain is the only one whose files import the entity and write it; other domains ask the
// owner's service (a read, or a transaction item it lends). `readers` may import the entity to
// read it without its owner's service (the catalog is the templates' read side), `writers` may
// write it too, each for a reason given in the data model. Shared entities have no owner domain:
// each writer keeps to its own keys (a counter's name, a rate limit's key, a webhook's provider).
//
// eslint.boundaries.js turns the imports into zones; the rule `domains/entity-writes` here
// reports a write (`create`, `put`, `upsert`, `update`, `patch`, `delete`) of an entity by a
// domain that is neither its owner nor one of its writers.
import path from 'node:path';

/** @type {Record<string, { owner: string, readers?: string[], writers?: string[] } | { shared: string }>} */
export const entityOwners = {
  'audit-entry': { owner: 'audit' },
  'beta-account': { owner: 'profiles' },
  'catalog-version': { owner: 'templates', readers: ['catalog', 'stats'] },
  'connect-account': { owner: 'payouts' },
  'contact-message': { owner: 'contact' },
  counter: { shared: 'each domain adds to the counters it names; stats reads them' },
  'counter-shard': { owner: 'downloads', readers: ['stats'] },
  deployment: { owner: 'deployments' },
  dispute: { owner: 'disputes' },
  'download-grant': { owner: 'downloads' },
  'download-tally': { owner: 'downloads' },
  download: { owner: 'downloads' },
  'email-outbox': { owner: 'notifications' },
  entitlement: { owner: 'downloads', readers: ['profiles'] },
  'github-repo-link': { owner: 'templates' },
  'held-edit': { owner: 'templates' },
  'launch-story': { owner: 'deployments' },
  lead: { owner: 'newsletter' },
  license: { owner: 'licenses' },
  'template-version': { owner: 'templates', readers: ['catalog', 'security'] },
  template: { owner: 'templates', readers: ['catalog', 'security'], writers: ['catalog'] },
  'newsletter-issue': { owner: 'newsletter' },
  'newsletter-recipient': { owner: 'newsletter' },
  'newsletter-subscriber': { owner: 'newsletter' },
  'newsletter-type': { owner: 'newsletter' },
  'notification-counter': { owner: 'notifications' },
  'notification-preference': { owner: 'notifications' },
  notification: { owner: 'notifications' },
  'oauth-state': { shared: 'lambdas/shared/auth/oauth-state.ts, for every OAuth round trip' },
  'oauth-token': { owner: 'deployments' },
  order: { owner: 'ledger' },
  'payout-run': { owner: 'payouts' },
  payout: { owner: 'payouts' },
  profile: { owner: 'profiles' },
  'rate-limit': { shared: 'each domain keys its own allowances' },
  'refund-request': { owner: 'refunds' },
  review: { owner: 'reviews' },
  'security-alert': { owner: 'security-alerts' },
  'security-alert-mute': { owner: 'security-alerts' },
  'search-count': { owner: 'catalog', readers: ['stats'] },
  'security-report': { owner: 'security' },
  'seller-application': { owner: 'seller-applications' },
  'stripe-customer': { owner: 'ledger' },
  subscription: { owner: 'ledger' },
  'user-newsletter-subscription': { owner: 'newsletter' },
  'version-build': { owner: 'builds' },
  'build-usage': { owner: 'builds' },
  'user-search': { owner: 'profiles' },
  'username-claim': { owner: 'profiles' },
  'webhook-event': { shared: 'each webhook receiver claims the events of its provider' },
};

/** Whether `domain` may import the entity (owner, reader, writer, or a shared entity). */
export const mayImportEntity = (entity, domain) => {
  const entry = entityOwners[entity];
  if (!entry || 'shared' in entry) return true;
  return [entry.owner, ...(entry.readers ?? []), ...(entry.writers ?? [])].includes(domain);
};

/** Whether `domain` may write the entity (owner, writer, or a shared entity). */
export const mayWriteEntity = (entity, domain) => {
  const entry = entityOwners[entity];
  if (!entry || 'shared' in entry) return true;
  return [entry.owner, ...(entry.writers ?? [])].includes(domain);
};

const WRITE_METHODS = new Set(['create', 'put', 'upsert', 'update', 'patch', 'delete']);

export const WRITE_MESSAGE =
  'Only the {{owner}} domain writes {{entity}} (docs/data-model.md, "Owners"): ask its service for the write, or the transaction item it lends.';

/** `domains/entity-writes`: a write of an entity by a domain that does not own it. */
export const entityWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the owner domain of an entity writes it.' },
    schema: [],
    messages: { write: WRITE_MESSAGE },
  },
  create(context) {
    const root = context.cwd;
    const file = context.physicalFilename ?? context.filename;
    const [top, domain, ...rest] = path.relative(root, file).split(path.sep);
    if (top !== 'lambdas' || domain === 'shared' || rest.length === 0) return {};
    /** Local name → entity file name, for the entity classes this file imports. */
    const imported = new Map();
    return {
      ImportDeclaration(node) {
        const target = path.resolve(path.dirname(file), String(node.source.value));
        const relative = path.relative(path.join(root, 'lambdas/shared/db/entities'), target);
        if (relative.startsWith('..') || relative.includes(path.sep)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type') {
            imported.set(specifier.local.name, relative.replace(/\.ts$/, ''));
          }
        }
      },
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || node.property.type !== 'Identifier') return;
        const entity = imported.get(node.object.name);
        if (!entity || !WRITE_METHODS.has(node.property.name)) return;
        if (mayWriteEntity(entity, domain)) return;
        context.report({
          node,
          messageId: 'write',
          data: { owner: entityOwners[entity].owner, entity: node.object.name },
        });
      },
    };
  },
};
