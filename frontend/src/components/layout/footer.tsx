import { Badge } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { describeMode, getRuntimeConfig } from '@/lib/runtime-config';
import { Logo } from '../logo';
import * as styles from './footer.module.css';

const GROUPS = [
  {
    title: 'Platform',
    links: [
      { label: 'Browse MVPs', to: paths.browse.getHref() },
      { label: 'Pricing', to: paths.pricing.getHref() },
      { label: 'How It Works', to: paths.howItWorks.getHref() },
      { label: 'Success Stories', to: paths.stories.getHref() },
    ],
  },
  {
    title: 'Sellers',
    links: [
      { label: 'Become a Seller', to: paths.sellerSignup.getHref() },
      { label: 'Seller Guidelines', to: paths.guidelines.getHref() },
      { label: 'Analytics', to: paths.analytics.getHref() },
      { label: 'Payout Settings', to: paths.payoutSettings.getHref() },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.help.getHref() },
      { label: 'Contact Us', to: paths.contact.getHref() },
      { label: 'Documentation', to: paths.docs.getHref() },
      { label: 'System Status', to: paths.status.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: paths.privacy.getHref() },
      { label: 'Terms of Service', to: paths.terms.getHref() },
      { label: 'Cookie Policy', to: paths.cookies.getHref() },
      { label: 'Licenses', to: paths.licenses.getHref() },
    ],
  },
] as const;

/**
 * The footer on every page: plain elements with static classes (footer.module.css), which cost a
 * page load nothing to resolve; only the mode badge is a Chakra component (docs/performance.md,
 * "Static styles").
 */
export function Footer() {
  const config = getRuntimeConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <div className={styles.columns}>
          <div className={styles.brand}>
            <Logo />
            <p className={styles.tagline}>
              Ready-made MVP templates that take your idea from zero to launch in hours, not months.
            </p>
          </div>
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title} className={styles.group}>
              <p className={styles.groupTitle}>{group.title}</p>
              {group.links.map((link) => (
                <RouterLink key={link.to} to={link.to} className={styles.link}>
                  {link.label}
                </RouterLink>
              ))}
            </nav>
          ))}
        </div>
        <div className={styles.bottom}>
          <p className={styles.copyright}>
            © {new Date().getFullYear()} MVP Marketplace. All rights reserved.
          </p>
          <Badge
            data-testid="mode-badge"
            variant="surface"
            colorPalette={config.mode === 'local' ? 'orange' : 'green'}
          >
            {describeMode(config)}
          </Badge>
        </div>
      </div>
    </footer>
  );
}
