/**
 * The live previews' context values (lib/stacks/create-app.ts reads them with the others): their
 * own domain, the public keys CloudFront trusts for signed preview addresses, and the cost caps
 * per seller (docs/operations.md, "Version builds and previews").
 */
import { DEFAULT_COST_CAPS, type CostCaps } from '../../contract/design/live-previews';
import { domainContext } from './domain-context';

/**
 * The registrable part of a host name, as far as it can be told without the public suffix list:
 * its last two labels, or three under a two-letter country code with a short second level
 * (`example.co.uk`). Good enough to refuse a preview domain beside the site's.
 */
const siteOf = (host: string): string => {
  const labels = host.split('.');
  const countrySecondLevel =
    labels.length > 2 && /^[a-z]{2}$/.test(labels.at(-1)!) && labels.at(-2)!.length <= 3;
  return labels.slice(countrySecondLevel ? -3 : -2).join('.');
};

/**
 * The previews' own domain from context, checked: a host name, with its zone like `domainName`,
 * and on another site than the marketplace (a preview under the same registrable domain would be
 * same-site: it could set cookies the marketplace reads).
 */
export const previewDomainContext = (
  name: unknown,
  zoneId: unknown,
  zoneName: unknown,
  siteDomain: unknown,
): { previewDomain?: { name: string; hostedZone?: { id: string; name: string } } } => {
  if (name === undefined || name === '') {
    if (zoneId !== undefined)
      throw new Error('Context "previewHostedZoneId" needs "previewDomain".');
    return {};
  }
  const checked = domainContext(name, zoneId, zoneName).domain!;
  if (typeof siteDomain === 'string' && siteOf(siteDomain) === siteOf(checked.name)) {
    throw new Error(
      `Context "previewDomain" ${checked.name} must be on another site than "domainName" ${siteDomain}: previews must not share the marketplace's cookies.`,
    );
  }
  return { previewDomain: checked };
};

/** The preview public key files from context: comma-separated PEM paths under the repository. */
export const previewPublicKeysContext = (value: unknown): string[] => {
  if (value === undefined || value === null || value === '') return [];
  const files = String(value)
    .split(',')
    .map((file) => file.trim())
    .filter(Boolean);
  for (const file of files) {
    if (!/^[A-Za-z0-9_./-]+\.pem$/.test(file) || file.split('/').includes('..')) {
      throw new Error(
        `Context "previewPublicKeys" must list .pem files under the repository; got "${file}".`,
      );
    }
  }
  if (files.length > 5)
    throw new Error('Context "previewPublicKeys": CloudFront trusts at most 5.');
  return files;
};

/** A cost cap from context (a whole number, 1 or more), else the contract's default. */
export const capContext = (key: keyof CostCaps, context: (key: string) => unknown): number => {
  const value = context(key);
  const cap = Number(value ?? DEFAULT_COST_CAPS[key]);
  if (!Number.isInteger(cap) || cap < 1) {
    throw new Error(`Context "${key}" must be a whole number, 1 or more; got "${String(value)}".`);
  }
  return cap;
};
