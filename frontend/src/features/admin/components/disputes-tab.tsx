/**
 * Disputes (seller spec §2, §4 Dispute status): the queue of one status, Start Review of an open
 * dispute, and the resolution of one in review (a final status and non-blank details). Both
 * parties are notified and see each step on the dispute page. Failures are shown in alerts.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  HStack,
  Heading,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { DISPUTE_STATUSES, type Dispute, type DisputeStatus } from '@contracts/disputes';
import { FormAlert } from '../../../components/form/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { useAdminDisputes } from '../api/get-disputes';
import { useStartDisputeReview } from '../api/start-dispute-review';
import { DISPUTE_STATUS_LABELS } from '../lib/dispute-queue';
import { DisputeCard } from './dispute-card';

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

export default function DisputesTab() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const disputes = useAdminDisputes(status);
  const startReview = useStartDisputeReview();

  const start = async (dispute: Dispute) => {
    setOutcome(null);
    try {
      await startReview.mutateAsync(dispute.id);
      setOutcome({
        status: 'success',
        text: `The dispute about "${dispute.mvp.title}" is in review.`,
      });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Stack gap="5" data-testid="admin-disputes" aria-busy={disputes.isPending}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg">
          Disputes
        </Heading>
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Status">
          {DISPUTE_STATUSES.map((option) => (
            <Button
              key={option}
              aria-pressed={status === option}
              variant={status === option ? 'solid' : 'outline'}
              colorPalette="purple"
              onClick={() => setStatus(option)}
            >
              {DISPUTE_STATUS_LABELS[option]}
            </Button>
          ))}
        </ButtonGroup>
      </HStack>

      {outcome && (
        <FormAlert
          status={outcome.status}
          title={outcome.text}
          data-testid="dispute-action-result"
        />
      )}

      {disputes.isPending ? (
        <Skeleton h="40" />
      ) : disputes.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(disputes.error)}</Alert.Title>
        </Alert.Root>
      ) : disputes.data.length === 0 ? (
        <Text color="fg.muted" py="6" data-testid="no-disputes">
          No disputes with status {DISPUTE_STATUS_LABELS[status].toLowerCase()}.
        </Text>
      ) : (
        <Stack gap="3">
          {disputes.data.map((dispute) => (
            <DisputeCard
              key={dispute.id}
              dispute={dispute}
              starting={startReview.isPending && startReview.variables === dispute.id}
              onStartReview={() => void start(dispute)}
              onResolved={(resolved) =>
                setOutcome({
                  status: 'success',
                  text: `The dispute about "${resolved.mvp.title}" is ${DISPUTE_STATUS_LABELS[resolved.status].toLowerCase()}.`,
                })
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
