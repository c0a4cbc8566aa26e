/** Query keys of the security reports: a version's report, and a template's live one. */
export const securityKeys = {
  all: ['security'] as const,
  live: (templateId: string) => ['security', 'live', templateId] as const,
  version: (templateId: string, versionId: string) =>
    ['security', 'version', templateId, versionId] as const,
};
