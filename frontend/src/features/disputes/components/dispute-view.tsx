import { useState } from 'react';
import { Alert, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { DISPUTE_MESSAGES } from '@contracts/disputes';
import { PageSpinner } from '../../../components/page-spinner';
import { DisputeForm, type DisputableTemplate } from './dispute-form';
import { DisputeHistory } from './dispute-history';

export interface DisputeViewProps {
  /** Templates the buyer downloaded, loaded by the route. */
  templates: readonly DisputableTemplate[] | undefined;
  templatesLoading: boolean;
  templatesFailed: boolean;
  initialMvpId?: string;
}

type DisputeTab = 'new' | 'history';

/** `/dispute/{mvpId?}`: tabs New Dispute and Dispute History (buyer spec §2). */
export function DisputeView({
  templates,
  templatesLoading,
  templatesFailed,
  initialMvpId,
}: DisputeViewProps) {
  const [tab, setTab] = useState<DisputeTab>('new');
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading size="2xl">Disputes</Heading>
          <Text color="fg.muted">Report a problem with an MVP you downloaded.</Text>
        </Stack>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as DisputeTab)}
          variant="line"
          colorPalette="purple"
        >
          <Tabs.List>
            <Tabs.Trigger value="new">New Dispute</Tabs.Trigger>
            <Tabs.Trigger value="history">Dispute History</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="new">
            {templatesFailed ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{DISPUTE_MESSAGES.loadDownloadsFailed}</Alert.Title>
              </Alert.Root>
            ) : templatesLoading || !templates ? (
              <PageSpinner />
            ) : (
              <DisputeForm templates={templates} initialMvpId={initialMvpId} />
            )}
          </Tabs.Content>
          <Tabs.Content value="history">{tab === 'history' && <DisputeHistory />}</Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
