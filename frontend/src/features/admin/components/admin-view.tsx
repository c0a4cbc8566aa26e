/**
 * `/admin`: the tabs of admin-tabs.tsx, `?tab=` selecting one
 * (the first when absent or unknown), each loading its own code and data when first opened.
 */
import { Suspense, useEffect, useState } from 'react';
import { Button, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { paths } from '@/config/paths';
import { adminMfaRequired, isTotpEnabled } from '@/lib/mfa-status';
import { PageSpinner } from '@/components/page-spinner';
import { selectAdminTab } from '../lib/admin-tab';
import { ADMIN_TABS } from './admin-tabs';
import { TabErrorBoundary } from './tab-error-boundary';

const TAB_VALUES = ADMIN_TABS.map((tab) => tab.value) as [string, ...string[]];

/** `ready` when this site needs no authenticator app of admins or the admin has one. */
function useAdminMfa(): 'checking' | 'ready' | 'missing' {
  const [state, setState] = useState<'checking' | 'ready' | 'missing'>(() =>
    adminMfaRequired() ? 'checking' : 'ready',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    isTotpEnabled().then(
      (enabled) => setState(enabled ? 'ready' : 'missing'),
      () => setState('missing'),
    );
  }, [state]);
  return state;
}

/** What an admin without an authenticator app sees instead of the tabs. */
function SetUpMfaPrompt() {
  return (
    <Stack gap="4" maxW="xl" data-testid="admin-mfa-prompt">
      <FormAlert
        status="info"
        title="Admin access needs an authenticator app. Set one up in Settings → Security, then come back."
      />
      <Button asChild colorPalette="purple" alignSelf="flex-start">
        <Link to={paths.settings.getHref('security')}>Set Up Authenticator App</Link>
      </Button>
    </Stack>
  );
}

export function AdminView() {
  const [search, setSearch] = useSearchParams();
  const current = selectAdminTab(search.get('tab'), TAB_VALUES);
  const mfa = useAdminMfa();

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Admin Dashboard
          </Heading>
          <Text color="fg.muted">Run the marketplace: reviews, money, people and the record.</Text>
        </Stack>
        {mfa === 'checking' && <PageSpinner />}
        {mfa === 'missing' && <SetUpMfaPrompt />}
        {mfa === 'ready' && (
          <Tabs.Root
            value={current}
            onValueChange={(details) => setSearch({ tab: details.value }, { replace: true })}
            variant="line"
            colorPalette="purple"
            lazyMount
          >
            <Tabs.List flexWrap="wrap">
              {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
                <Tabs.Trigger key={value} value={value}>
                  <Icon /> {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {ADMIN_TABS.map(({ value, Content }) => (
              <Tabs.Content key={value} value={value} pt="6">
                <TabErrorBoundary>
                  <Suspense fallback={<PageSpinner />}>
                    <Content />
                  </Suspense>
                </TabErrorBoundary>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </Stack>
    </Container>
  );
}
