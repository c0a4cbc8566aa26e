/** Query keys of the security reports: a version's report, a template's live and newest ones. */
export const securityKeys = {
  all: ['security'] as const,
  live: (templateId: string) => ['security', 'live', templateId] as const,
  /** The admin's list of live templates with advisories. */
  adminList: ['security', 'admin-list'] as const,
  newest: (templateId: string) => ['security', 'newest', templateId] as const,
  version: (templateId: string, versionId: string) =>
    ['security', 'version', templateId, versionId] as const,
};
