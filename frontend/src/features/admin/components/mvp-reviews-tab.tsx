/**
 * MVP reviews (seller spec §2, §4 MVP status): templates waiting for review and those whose
 * processing failed (with `last_processing_error`), oldest first; approve publishes one (in the
 * catalog at once), reject asks for a reason the seller is sent. Both notify the seller.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  ButtonGroup,
  HStack,
  Heading,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  PENDING_MVP_FILTERS,
  PENDING_MVP_STATUSES,
  type PendingMvp,
  type PendingMvpFilter,
} from '@contracts/admin-mvps';
import { FormAlert } from '../../../components/form/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { useApproveMvp } from '../api/approve-mvp';
import { usePendingMvps } from '../api/get-pending-mvps';
import { MVP_FILTER_LABELS } from '../lib/mvp-review';
import { PendingMvpCard } from './pending-mvp-card';
import { RejectMvpDialog } from './reject-mvp-dialog';

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

export default function MvpReviewsTab() {
  const [status, setStatus] = useState<PendingMvpFilter>('pending');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rejecting, setRejecting] = useState<PendingMvp | null>(null);
  const mvps = usePendingMvps(status);
  const approve = useApproveMvp();
  const counts = mvps.data?.counts;
  const countOf = (filter: PendingMvpFilter): number | undefined =>
    counts &&
    (filter === 'pending'
      ? PENDING_MVP_STATUSES.reduce((sum, each) => sum + counts[each], 0)
      : counts[filter]);

  const approveMvp = async (mvp: PendingMvp) => {
    setOutcome(null);
    try {
      const result = await approve.mutateAsync(mvp.id);
      setOutcome({ status: 'success', text: `${mvp.title}: ${result.message}` });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Stack gap="5" data-testid="admin-mvps" aria-busy={mvps.isPending}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg">
          MVP Reviews
        </Heading>
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Status">
          {PENDING_MVP_FILTERS.map((option) => {
            const count = countOf(option);
            return (
              <Button
                key={option}
                aria-pressed={status === option}
                variant={status === option ? 'solid' : 'outline'}
                colorPalette="purple"
                onClick={() => setStatus(option)}
              >
                {MVP_FILTER_LABELS[option]}
                {count !== undefined && (
                  <Badge size="xs" variant="subtle" colorPalette="gray">
                    {count}
                  </Badge>
                )}
              </Button>
            );
          })}
        </ButtonGroup>
      </HStack>

      {outcome && (
        <FormAlert status={outcome.status} title={outcome.text} data-testid="mvp-action-result" />
      )}

      {mvps.isPending ? (
        <Skeleton h="40" />
      ) : mvps.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(mvps.error)}</Alert.Title>
        </Alert.Root>
      ) : mvps.data.items.length === 0 ? (
        <Text color="fg.muted" py="6" data-testid="no-pending-mvps">
          Nothing to review.
        </Text>
      ) : (
        <Stack gap="3">
          {mvps.data.items.map((mvp) => (
            <PendingMvpCard
              key={mvp.id}
              mvp={mvp}
              approving={approve.isPending && approve.variables === mvp.id}
              onApprove={() => void approveMvp(mvp)}
              onReject={() => setRejecting(mvp)}
            />
          ))}
        </Stack>
      )}

      <RejectMvpDialog
        mvp={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(mvp, message) => {
          setRejecting(null);
          setOutcome({ status: 'success', text: `${mvp.title}: ${message}` });
        }}
      />
    </Stack>
  );
}
