/**
 * The template categories: the one list the upload and edit forms offer, the browse filter and
 * the home page's pills filter by, the API accepts and the demo data uses. Apart from catalog.ts
 * (which re-exports it) so the home page's pills can use it without loading zod.
 */

/** Every category a template may have, in the order the forms and filters show them. */
export const TEMPLATE_CATEGORIES = [
  'SaaS',
  'E-commerce',
  'Portfolio',
  'Dashboard',
  'Landing Page',
  'Mobile App',
  'Utility',
  'Social Media',
  'Education',
  'Healthcare',
  'Finance',
  'Other',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
