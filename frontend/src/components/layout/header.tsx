import { lazy, Suspense, useState } from 'react';
import { Box, Button, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { LuLayoutDashboard, LuLogOut, LuMenu, LuSettings, LuShield, LuX } from 'react-icons/lu';
import { hasAdminRights, isSellerRole } from '@contract/profile';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import * as styles from './header.module.css';

/**
 * The bell is for signed-in people only: its code and its unread count's query load once a session
 * is there, off a first visit's scripts (the home page's budget, test/e2e/bundle-size.test.ts). Its
 * place is kept meanwhile, so the menu does not move when it comes.
 */
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

const NAV_LINKS = [
  { label: 'Browse MVPs', to: paths.browse.getHref() },
  { label: 'Pricing', to: paths.pricing.getHref() },
] as const;

/**
 * The main links: browsing and pricing, then "Become a Seller", which gives way to "Sell" (the
 * upload wizard) once the signed-in user is an approved seller.
 */
function useNavLinks(): { label: string; to: string }[] {
  const { session } = useSession();
  const me = useMyProfile({ enabled: session.status === 'signedIn' }).data;
  const approvedSeller =
    session.status === 'signedIn' &&
    me !== undefined &&
    me.is_seller_approved &&
    isSellerRole(me.role);
  return [
    ...NAV_LINKS,
    approvedSeller
      ? { label: 'Sell', to: paths.upload.getHref() }
      : { label: 'Become a Seller', to: paths.sellerSignup.getHref() },
  ];
}

function NavItem({
  to,
  label,
  onNavigate,
}: {
  to: string;
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <NavLink to={to} onClick={onNavigate}>
      {({ isActive }) => (
        <span className={isActive ? styles.navItemActive : styles.navItem}>{label}</span>
      )}
    </NavLink>
  );
}

/**
 * Sign-in state actions: Sign In / Get Started; or, signed in, the admin shortcut (roles admin and
 * both), Dashboard, Settings and Sign Out.
 */
function AccountActions({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const { session, signOut } = useSession();
  const location = useLocation();
  // The profile decides the admin shortcut (never for a beta account); rights are checked again
  // by the API on every admin call.
  const me = useMyProfile({ enabled: session.status === 'signedIn' }).data;
  const from = { from: `${location.pathname}${location.search}` };

  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') {
    return (
      <Stack direction={stacked ? 'column' : 'row'} gap="2">
        <Button asChild variant="ghost" size="sm" onClick={onNavigate}>
          <RouterLink to={paths.auth.getHref()} state={from}>
            Sign In
          </RouterLink>
        </Button>
        <Button asChild colorPalette="purple" size="sm" onClick={onNavigate}>
          {/* A new account starts on its first-steps page, not where the visitor was. */}
          <RouterLink to={paths.signUp.getHref()}>Get Started</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction={stacked ? 'column' : 'row'} gap="2" align={stacked ? 'stretch' : 'center'}>
      <Suspense fallback={<Box w="9" h="9" flexShrink="0" aria-hidden="true" />}>
        <NotificationBell onNavigate={onNavigate} />
      </Suspense>
      {me && hasAdminRights(me) && (
        <Button asChild variant="ghost" size="sm" colorPalette="purple" onClick={onNavigate}>
          <RouterLink to={paths.admin.getHref()} data-testid="admin-shortcut">
            <LuShield /> Admin
          </RouterLink>
        </Button>
      )}
      <Button asChild variant="ghost" size="sm" onClick={onNavigate}>
        <RouterLink to={paths.dashboard.getHref()}>
          <LuLayoutDashboard /> Dashboard
        </RouterLink>
      </Button>
      <Button asChild variant="ghost" size="sm" onClick={onNavigate}>
        <RouterLink to={paths.settings.getHref()}>
          <LuSettings /> Settings
        </RouterLink>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        <LuLogOut /> Sign Out
      </Button>
    </Stack>
  );
}

/**
 * The sticky header on every page: its layout is plain elements with static classes
 * (header.module.css), its buttons Chakra components (docs/performance.md, "Static styles").
 */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navLinks = useNavLinks();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header}>
      <div className={styles.container}>
        <div className={styles.bar}>
          <Logo />
          <nav aria-label="Main" className={styles.nav}>
            {navLinks.map((link) => (
              <NavItem key={link.to} {...link} />
            ))}
          </nav>
          <div className={styles.actions}>
            <ThemeToggle />
            <div className={styles.wideOnly}>
              <AccountActions />
            </div>
            <IconButton
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', md: 'none' }}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <LuX /> : <LuMenu />}
            </IconButton>
          </div>
        </div>
        {menuOpen && (
          <Stack
            id="mobile-menu"
            as="nav"
            aria-label="Mobile"
            display={{ base: 'flex', md: 'none' }}
            pb="4"
            gap="1"
          >
            {navLinks.map((link) => (
              <NavItem key={link.to} {...link} onNavigate={closeMenu} />
            ))}
            <Box pt="2" borderTopWidth="1px">
              <AccountActions stacked onNavigate={closeMenu} />
            </Box>
          </Stack>
        )}
      </div>
    </header>
  );
}
