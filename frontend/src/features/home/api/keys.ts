/** Query keys of the home page's own reads (nothing invalidates them; they are on every first load). */
export const homeKeys = {
  stats: ['home', 'stats'] as const,
  featured: (category: string | null) => ['home', 'featured', category ?? 'All'] as const,
};
