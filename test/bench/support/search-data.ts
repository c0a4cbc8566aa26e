/**
 * Real-looking template text for the search benches: titles, taglines, descriptions and seller
 * names made of the words template marketplaces use, and the searches buyers type (half with a
 * typo). Deterministic: every run indexes the same text and asks the same questions.
 */
import {
  TEMPLATE_TECH_STACKS,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
} from '../../../contract/catalog';

export const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

const BRANDS = [
  'Nova',
  'Pulse',
  'Orbit',
  'Atlas',
  'Lumen',
  'Vertex',
  'Nimbus',
  'Quill',
  'Harbor',
  'Summit',
  'Maple',
  'Cobalt',
  'Ember',
  'Falcon',
  'Juniper',
  'Kite',
  'Meadow',
  'Onyx',
  'Prism',
  'Sable',
];
const SUBJECTS = [
  'Invoice',
  'Habit',
  'Recipe',
  'Crypto',
  'Fitness',
  'Booking',
  'Portfolio',
  'Analytics',
  'Inventory',
  'Chat',
  'Blog',
  'Podcast',
  'Course',
  'Clinic',
  'Budget',
  'Task',
  'CRM',
  'Newsletter',
  'Job Board',
  'Real Estate',
  'Event',
  'Restaurant',
  'Travel',
  'Writing',
  'Photo',
  'Music',
  'Weather',
  'Survey',
  'Helpdesk',
  'Wiki',
  'Marketplace',
  'Expense',
  'Calendar',
  'Learning',
  'Donation',
  'Subscription',
  'Waitlist',
  'Changelog',
  'Feedback',
  'Resume',
];
const KINDS = [
  'Starter',
  'Kit',
  'Dashboard',
  'Template',
  'Boilerplate',
  'App',
  'Studio',
  'Hub',
  'Suite',
  'Platform',
  'Tracker',
  'Manager',
  'Assistant',
  'Builder',
  'Store',
  'Admin',
  'Landing Page',
];
const ADJECTIVES = [
  'modern',
  'minimal',
  'responsive',
  'fast',
  'accessible',
  'production-ready',
  'clean',
  'elegant',
  'lightweight',
  'scalable',
  'open',
  'friendly',
];
const FEATURES = [
  'authentication',
  'Stripe billing',
  'subscriptions',
  'dark mode',
  'team accounts',
  'role-based access',
  'email notifications',
  'a blog',
  'SEO metadata',
  'analytics charts',
  'file uploads',
  'search',
  'an admin panel',
  'internationalisation',
  'webhooks',
  'a REST API',
  'real-time updates',
  'payments',
  'onboarding flows',
  'invoices',
  'a pricing page',
  'user profiles',
  'comments',
  'markdown editing',
  'calendar sync',
  'CSV export',
  'two-factor sign-in',
  'AI writing suggestions',
];
const AUDIENCES = [
  'founders',
  'agencies',
  'developers',
  'designers',
  'freelancers',
  'small businesses',
  'students',
  'teachers',
  'clinics',
  'creators',
  'startups',
  'consultants',
];
const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Priya',
  'Mateo',
  'Chen',
  'Fatima',
  'Lucas',
  'Hannah',
  'Kwame',
  'Sofia',
  'Ivan',
  'Yuki',
  'Noah',
  'Leila',
  'Tom',
  'Grace',
  'Ravi',
  'Elena',
  'Omar',
  'Freya',
];
const LAST_NAMES = [
  'Walker',
  'Nguyen',
  'Patel',
  'Garcia',
  'Kim',
  'Okafor',
  'Müller',
  'Rossi',
  'Silva',
  'Evans',
  'Novak',
  'Tanaka',
  'Haddad',
  'Byrne',
  'Larsen',
];

/** The searchable text of one template, as the catalog indexes it. */
export interface SearchableTemplate {
  title: string;
  tagline: string;
  description: string;
  tech_stack: string[];
  category: TemplateCategory;
}

/** Template number `index`'s text: a title, a tagline and a description of three to five sentences. */
export const searchableTemplate = (next: () => number): SearchableTemplate => {
  const subject = pick(next, SUBJECTS);
  const kind = pick(next, KINDS);
  const tech = [
    ...new Set(
      Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(next, TEMPLATE_TECH_STACKS)),
    ),
  ];
  const feature = () => pick(next, FEATURES);
  const sentences = [
    `${pick(next, BRANDS)} ${subject} ${kind} is a ${pick(next, ADJECTIVES)} ${subject.toLowerCase()} ${kind.toLowerCase()} for ${pick(next, AUDIENCES)}.`,
    `It comes with ${feature()}, ${feature()} and ${feature()}, built on ${tech.join(', ')}.`,
    `Deploy it in minutes and customise the theme, the copy and the ${subject.toLowerCase()} pages.`,
    `Ideal for ${pick(next, AUDIENCES)} who want ${feature()} without writing it from scratch.`,
    `Includes documentation, tests and a ${pick(next, ADJECTIVES)} design system.`,
  ];
  return {
    title: `${pick(next, BRANDS)} ${subject} ${kind}`,
    tagline: `A ${pick(next, ADJECTIVES)} ${subject.toLowerCase()} ${kind.toLowerCase()} with ${feature()}`,
    description: sentences.slice(0, 3 + Math.floor(next() * 3)).join(' '),
    tech_stack: tech,
    category: pick(next, TEMPLATE_CATEGORIES),
  };
};

/** A seller's display name, `index` picking it (names repeat past 300 sellers). */
export const sellerNameOf = (index: number): string =>
  `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`;

/** One typo in the longest word: a letter dropped, doubled or swapped with the next. */
const misspell = (next: () => number, query: string): string => {
  const words = query.split(' ');
  const longest = words.reduce(
    (best, word, i) => (word.length > words[best]!.length ? i : best),
    0,
  );
  const word = words[longest]!;
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 3);
  words[longest] =
    kind === 0
      ? word.slice(0, at) + word.slice(at + 1)
      : kind === 1
        ? word.slice(0, at) + word[at] + word.slice(at)
        : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(' ');
};

/**
 * `count` searches as buyers type them: a subject, a kind, a technology, a feature or a category,
 * alone or two together, some cut short as while typing; every other one with a typo.
 */
export const searchQueries = (count: number): string[] => {
  const next = seeded(11);
  const word = () => {
    const source = pick(next, [
      SUBJECTS,
      KINDS,
      TEMPLATE_TECH_STACKS,
      FEATURES,
      TEMPLATE_CATEGORIES,
    ]);
    return pick(next, source as readonly string[]).toLowerCase();
  };
  return Array.from({ length: count }, (_, i) => {
    let query = next() < 0.5 ? word() : `${word()} ${word()}`;
    if (next() < 0.2 && query.length > 5) query = query.slice(0, query.length - 2);
    return i % 2 === 1 && query.length >= 5 ? misspell(next, query) : query;
  });
};
