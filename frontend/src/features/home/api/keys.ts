/** Query keys of the home page's own reads. */
export const homeKeys = {
  all: ['home'] as const,
  stats: () => [...homeKeys.all, 'stats'] as const,
  featured: () => [...homeKeys.all, 'featured'] as const,
};
