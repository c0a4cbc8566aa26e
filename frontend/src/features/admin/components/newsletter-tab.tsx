/**
 * The admin dashboard's Newsletter tab: Types,
 * Subscribers, User subscriptions and Issues (compose and send through SES), each its own panel,
 * mounted when first opened. A sub-tab is
 * one more entry of NEWSLETTER_SUB_TABS.
 */
import type { ComponentType } from 'react';
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { NewsletterIssuesPanel } from './newsletter-issues-panel';
import { NewsletterSubscribersPanel } from './newsletter-subscribers-panel';
import { NewsletterSubscriptionsPanel } from './newsletter-subscriptions-panel';
import { NewsletterTypesPanel } from './newsletter-types-panel';

interface NewsletterSubTab {
  value: string;
  label: string;
  Panel: ComponentType;
}

const NEWSLETTER_SUB_TABS: readonly NewsletterSubTab[] = [
  { value: 'types', label: 'Types', Panel: NewsletterTypesPanel },
  { value: 'subscribers', label: 'Subscribers', Panel: NewsletterSubscribersPanel },
  { value: 'subscriptions', label: 'User subscriptions', Panel: NewsletterSubscriptionsPanel },
  { value: 'issues', label: 'Issues', Panel: NewsletterIssuesPanel },
];

export default function NewsletterTab() {
  return (
    <Stack gap="5" data-testid="admin-newsletter">
      <Heading as="h2" size="lg">
        Newsletter
      </Heading>
      <Tabs.Root defaultValue="types" variant="enclosed" colorPalette="purple" lazyMount>
        <Tabs.List>
          {NEWSLETTER_SUB_TABS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {NEWSLETTER_SUB_TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} pt="5">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
