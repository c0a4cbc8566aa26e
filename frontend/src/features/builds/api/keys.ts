/** Query keys of the versions' builds: a template's live build, and its newest version's report. */
export const buildKeys = {
  all: ['builds'] as const,
  live: (templateId: string) => ['builds', 'live', templateId] as const,
  newest: (templateId: string) => ['builds', 'newest', templateId] as const,
  preview: (templateId: string) => ['builds', 'preview', templateId] as const,
  newestPreview: (templateId: string) => ['builds', 'preview', 'newest', templateId] as const,
};
