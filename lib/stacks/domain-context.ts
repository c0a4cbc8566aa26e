/**
 * A host name and its Route 53 zone from context, checked: the site's own domain (`domainName`)
 * and the live previews' (`previewDomain`) are read alike.
 */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The custom domain from context, checked; a zone id without a domain is an error. */
export const domainContext = (
  name: unknown,
  zoneId: unknown,
  zoneName: unknown,
): { domain?: { name: string; hostedZone?: { id: string; name: string } } } => {
  if (name === undefined || name === '') {
    if (zoneId !== undefined) throw new Error('Context "hostedZoneId" needs "domainName".');
    return {};
  }
  const domain = String(name);
  if (!HOST_NAME.test(domain)) {
    throw new Error(`Context "domainName" must be a lower-case host name; got "${domain}".`);
  }
  if (zoneId === undefined || zoneId === '') return { domain: { name: domain } };
  const id = String(zoneId);
  if (!/^Z[A-Z0-9]{1,31}$/.test(id)) {
    throw new Error(`Context "hostedZoneId" must be a Route 53 zone id (Z…); got "${id}".`);
  }
  const zone = String(zoneName ?? domain);
  if (domain !== zone && !domain.endsWith(`.${zone}`)) {
    throw new Error(`Context "domainName" ${domain} is not inside the zone "${zone}".`);
  }
  return { domain: { name: domain, hostedZone: { id, name: zone } } };
};
