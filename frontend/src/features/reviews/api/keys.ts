/** Query keys of the reviews domain. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (templateId: string) => ['reviews', templateId] as const,
  mine: (templateId: string) => ['reviews', templateId, 'mine'] as const,
};
