/**
 * `/admin`: the tabs of admin-tabs.tsx, `?tab=` selecting one
 * (the first when absent or unknown), each loading its own code and data when first opened.
 */
import { Suspense } from 'react';
import { Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { selectAdminTab } from '../lib/admin-tab';
import { ADMIN_TABS } from './admin-tabs';
import { TabErrorBoundary } from './tab-error-boundary';

const TAB_VALUES = ADMIN_TABS.map((tab) => tab.value) as [string, ...string[]];

export function AdminView() {
  const [search, setSearch] = useSearchParams();
  const current = selectAdminTab(search.get('tab'), TAB_VALUES);

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Admin Dashboard
          </Heading>
          <Text color="fg.muted">Run the marketplace: reviews, money, people and the record.</Text>
        </Stack>
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
      </Stack>
    </Container>
  );
}
