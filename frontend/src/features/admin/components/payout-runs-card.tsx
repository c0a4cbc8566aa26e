/**
 * The monthly payout runs of the last year: each month's run (completed, running, or missed),
 * and "Run payouts for <month>" for a month whose run never happened, behind a confirmation. A
 * month is paid once whoever runs it: the API refuses a month already run.
 */
import { useState } from 'react';
import { Badge, Button, Card, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  payoutMonthStanding,
  type PayoutMonthStanding,
  type PayoutRunMonth,
  type PayoutRunState,
} from '@contract/payouts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { refusalMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { formatDate, formatMonthYear } from '@/lib/format';
import { useAdminPayoutRuns } from '../api/get-payout-runs';
import { useRunPayouts } from '../api/run-payouts';
import { missedRunMonths } from '../lib/payout-queue';
import type { QueueOutcome } from './admin-queue';

const STATE_LABELS: Record<Exclude<PayoutRunState, 'completed'>, string> = {
  running: 'Running',
  missed: 'Not run',
};

const STATE_PALETTE: Record<Exclude<PayoutRunState, 'completed'>, string> = {
  running: 'blue',
  missed: 'orange',
};

const STANDING_PALETTE: Record<PayoutMonthStanding['standing'], string> = {
  paid: 'green',
  partly: 'yellow',
  unpaid: 'orange',
};

/**
 * A month's badge: a completed run says how its payouts stand now (a run leaves payouts pending
 * for sellers without a connected account, so a run month is not always a paid one).
 */
const badgeOf = (month: PayoutRunMonth): { label: string; palette: string } => {
  if (month.state !== 'completed') {
    return { label: STATE_LABELS[month.state], palette: STATE_PALETTE[month.state] };
  }
  const standing = payoutMonthStanding(month.payouts);
  return { label: standing.label, palette: STANDING_PALETTE[standing.standing] };
};

const detailOf = (month: PayoutRunMonth): string => {
  if (month.state === 'completed') {
    return `Run on ${formatDate(month.completed_at)} · ${payoutMonthStanding(month.payouts).counts}`;
  }
  if (month.state === 'running') return `Started ${formatDate(month.started_at)}`;
  return 'The monthly run did not happen for this month.';
};

const summaryOf = (missed: number): string => {
  if (missed === 0) return 'Every month owed has been run.';
  if (missed === 1) return 'One of these months was never run: run it below.';
  return `${missed} of these months were never run: run them below.`;
};

/** One month's run; a missed month offers to run it. */
function PayoutRunMonthItem(props: { month: PayoutRunMonth; running: boolean; onRun: () => void }) {
  const { month } = props;
  return (
    <HStack
      as="li"
      justify="space-between"
      wrap="wrap"
      gap="2"
      data-testid="payout-run-month"
      data-state={month.state}
    >
      <Stack gap="0" minW="0">
        <HStack gap="2">
          <Text fontWeight="medium">{formatMonthYear(month.month_year)}</Text>
          <Badge colorPalette={badgeOf(month).palette} data-testid="payout-run-standing">
            {badgeOf(month).label}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {detailOf(month)}
        </Text>
      </Stack>
      {month.state === 'missed' && (
        <Button size="xs" colorPalette="purple" loading={props.running} onClick={props.onRun}>
          Run payouts for {formatMonthYear(month.month_year)}
        </Button>
      )}
    </HStack>
  );
}

export function PayoutRunsCard() {
  const runs = useAdminPayoutRuns();
  const runPayouts = useRunPayouts();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);

  const run = async (monthYear: string) => {
    setConfirming(null);
    setOutcome(null);
    try {
      const result = await runPayouts.mutateAsync(monthYear);
      setOutcome({ status: 'success', text: result.message });
    } catch (error) {
      setOutcome({
        status: 'error',
        text: refusalMessage(
          error,
          `Payouts for ${formatMonthYear(monthYear)} could not be started. Please try again.`,
        ),
      });
    }
  };

  return (
    <Card.Root size="sm" variant="outline" data-testid="admin-payout-runs">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h3" size="md">
            Monthly runs
          </Heading>
          {outcome && (
            <FormAlert
              status={outcome.status}
              title={outcome.text}
              data-testid="payout-run-result"
            />
          )}
          {runs.isPending ? (
            <Skeleton h="16" />
          ) : runs.isError ? (
            <QueryError {...failedQueryProps(runs)} testId="payout-runs-error" />
          ) : (
            <Stack gap="2" as="ul" listStyleType="none">
              <Text as="li" fontSize="sm" color="fg.muted" data-testid="payout-runs-summary">
                {summaryOf(missedRunMonths(runs.data).length)}
              </Text>
              {runs.data.map((month) => (
                <PayoutRunMonthItem
                  key={month.month_year}
                  month={month}
                  running={runPayouts.isPending && runPayouts.variables === month.month_year}
                  onRun={() => setConfirming(month.month_year)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Run payouts for ${formatMonthYear(confirming)}?` : ''}
        confirmLabel="Run payouts"
        busy={runPayouts.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
        testId="run-payouts-dialog"
      >
        <Text>
          Each approved seller&apos;s share of the month is worked out from its subscription pool,
          downloads and sales, and paid to sellers with a connected Stripe account; the others keep
          a pending payout.
        </Text>
        <Text color="fg.muted">
          This moves money. A month is paid once: it cannot be run again afterwards.
        </Text>
      </ConfirmDialog>
    </Card.Root>
  );
}
