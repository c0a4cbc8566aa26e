import type { ReactNode } from 'react';
import { Container, Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuBell, LuLink, LuLock, LuUser, LuUserCog } from 'react-icons/lu';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { AccountTab } from './account-tab';
import { ConnectionsTab, type NetlifyStatusSlot } from './connections-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SignInButton } from '@/components/sign-in-link';

export const SETTINGS_TABS = [
  'profile',
  'security',
  'connections',
  'notifications',
  'account',
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const isTab = (value: string | null): value is SettingsTab =>
  (SETTINGS_TABS as readonly (string | null)[]).includes(value);

/** Shown at `/settings` when signed out. */
function SettingsAccessDenied() {
  return (
    <Container maxW="lg" py="24" textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h1" size="2xl">
          Access Denied
        </Heading>
        <Text color="fg.muted">Please sign in to manage your settings.</Text>
        <SignInButton from="/settings" />
      </Stack>
    </Container>
  );
}

/** The five tab triggers, in the order of `SETTINGS_TABS`. */
function SettingsTabList() {
  return (
    <Tabs.List flexWrap="wrap">
      <Tabs.Trigger value="profile">
        <LuUser /> Profile
      </Tabs.Trigger>
      <Tabs.Trigger value="security">
        <LuLock /> Security
      </Tabs.Trigger>
      <Tabs.Trigger value="connections">
        <LuLink /> Connections
      </Tabs.Trigger>
      <Tabs.Trigger value="notifications">
        <LuBell /> Notifications
      </Tabs.Trigger>
      <Tabs.Trigger value="account">
        <LuUserCog /> Account
      </Tabs.Trigger>
    </Tabs.List>
  );
}

/** `/settings`: five tabs (the product's four and Account), `?tab=` selects one; Access Denied when signed out. */
export function SettingsView({
  githubAction,
  netlifyStatus,
}: {
  /** Connect / Disconnect GitHub, from the deployments feature (by the route). */
  githubAction?: (connected: boolean) => ReactNode;
  netlifyStatus?: NetlifyStatusSlot;
} = {}) {
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: SettingsTab = isTab(requested) ? requested : 'profile';
  const profile = useMyProfile({ enabled: session.status === 'signedIn' });

  if (session.status === 'loading') return <Skeleton height="64" m="8" />;
  if (session.status === 'signedOut') {
    return <SettingsAccessDenied />;
  }

  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setSearch({ tab: details.value }, { replace: true })}
          variant="line"
          colorPalette="purple"
          lazyMount
        >
          <SettingsTabList />
          <Stack pt="6">
            {profile.isError && (
              <QueryError
                {...failedQueryProps(profile)}
                title="Failed to load your profile."
                testId="profile-error"
              />
            )}
            {profile.isPending &&
              tab !== 'security' &&
              tab !== 'notifications' &&
              tab !== 'account' && <Skeleton height="64" />}
          </Stack>
          <Tabs.Content value="profile">
            {profile.data && <ProfileTab key={profile.data.id} profile={profile.data} />}
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab {...(profile.data?.email ? { accountName: profile.data.email } : {})} />
          </Tabs.Content>
          <Tabs.Content value="connections">
            {profile.data && (
              <ConnectionsTab
                profile={profile.data}
                githubAction={githubAction}
                netlifyStatus={netlifyStatus}
              />
            )}
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <NotificationsTab />
          </Tabs.Content>
          <Tabs.Content value="account">
            <AccountTab />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
