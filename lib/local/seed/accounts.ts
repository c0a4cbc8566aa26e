/**
 * The demo accounts `npm start` creates and prints. Keyed by email: reseeding finds them and
 * leaves them (and whatever the person changed on them) alone.
 */
import type { Role } from '../../../contract/profile';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo1234';

/**
 * No account here is handed out by the API: beta access creates a fresh account per press
 * (lambdas/profiles/service.ts). `maker` is a local demo account with role both (a seller who
 * also buys), for the dashboard's seller/buyer switch and as a second seller and reviewer.
 * `applicant` is a buyer whose seller application waits in the admin's Applications tab
 * (applications.ts).
 */
export type DemoAccountKey = 'buyer' | 'seller' | 'studio' | 'admin' | 'maker' | 'applicant';

export interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  role: Role;
  /** Printed at start with its password. */
  printed: boolean;
  username?: string;
  displayName?: string;
  bio?: string;
  websiteUrl?: string;
  isSellerApproved: boolean;
  downloadsRemaining: number;
  downloadQuota: number;
  dailyDownloadLimit?: number;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    key: 'buyer',
    email: 'buyer@demo.local',
    password: DEMO_PASSWORD,
    role: 'buyer',
    printed: true,
    displayName: 'Dana Buyer',
    isSellerApproved: false,
    // Pro's 15 a month, none spent yet this month (the seeded download is an old one).
    downloadsRemaining: 15,
    downloadQuota: 15,
  },
  {
    key: 'seller',
    email: 'seller@demo.local',
    password: DEMO_PASSWORD,
    role: 'seller',
    printed: true,
    username: 'launchpad',
    displayName: 'Launchpad Labs',
    bio: 'We ship production-ready SaaS and dashboard starters so founders can launch in a weekend.',
    websiteUrl: 'https://launchpad.example.com',
    isSellerApproved: true,
    downloadsRemaining: 0,
    downloadQuota: 0,
  },
  {
    key: 'studio',
    email: 'studio@demo.local',
    password: DEMO_PASSWORD,
    role: 'seller',
    printed: false,
    username: 'pixelforge',
    displayName: 'PixelForge Studio',
    bio: 'A two-person design studio building polished storefronts, portfolios and mobile apps.',
    websiteUrl: 'https://pixelforge.example.com',
    isSellerApproved: true,
    downloadsRemaining: 0,
    downloadQuota: 0,
  },
  {
    key: 'admin',
    email: 'admin@demo.local',
    password: DEMO_PASSWORD,
    role: 'admin',
    printed: true,
    displayName: 'Marketplace Admin',
    isSellerApproved: false,
    downloadsRemaining: 0,
    downloadQuota: 0,
  },
  {
    key: 'maker',
    email: 'maker@demo.local',
    password: DEMO_PASSWORD,
    role: 'both',
    printed: false,
    username: 'makerlab',
    displayName: 'Maker Lab',
    bio: 'An indie maker shipping small, focused SaaS starters, and buying the rest.',
    isSellerApproved: true,
    downloadsRemaining: 30,
    downloadQuota: 35,
  },
  {
    key: 'applicant',
    email: 'applicant@demo.local',
    password: DEMO_PASSWORD,
    role: 'buyer',
    printed: false,
    displayName: 'Priya Shah',
    isSellerApproved: false,
    downloadsRemaining: 0,
    downloadQuota: 0,
  },
];
