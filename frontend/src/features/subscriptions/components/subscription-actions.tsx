/**
 * Cancel at period end (after a confirmation) and resume: the subscription stays active until the
 * period it was paid for ends, and nothing is charged again. The dashboard's
 * subscription card shows these next to Change plan.
 */
import { useState } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { SubscriptionView } from '@contract/subscriptions';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api-error';
import { useUpdateSubscription } from '../api/update-subscription';
import { formatDate } from '@/lib/format';

const periodEnd = (view: SubscriptionView): string | null =>
  view.current_period_end === null ? null : formatDate(view.current_period_end * 1000);

/** What cancelling at the period's end means, said before it is confirmed. */
function CancelConsequences({ end }: { end: ReturnType<typeof periodEnd> }) {
  return (
    <Stack gap="3">
      <Text>
        Your plan stays active {end ? `until ${end}` : 'until the end of this period'}, with the
        downloads you have left; after that you will not be charged again.
      </Text>
      <Text color="fg.muted">You can resume it any time before then.</Text>
    </Stack>
  );
}

export function SubscriptionActions({ view }: { view: SubscriptionView }) {
  const update = useUpdateSubscription();
  const [confirming, setConfirming] = useState(false);
  const end = periodEnd(view);
  // Which change is under way: the card swaps Cancel for Resume as soon as the answer is in,
  // while the mutation still refreshes the profile, and Resume must not inherit the spinner.
  const changing = (cancel: boolean) =>
    update.isPending && update.variables.cancel_at_period_end === cancel;

  const cancel = async () => {
    try {
      await update.mutateAsync({ cancel_at_period_end: true });
      setConfirming(false);
    } catch (_error) {
      // Shown under the buttons from the mutation's state; the dialog closes so it can be read.
      setConfirming(false);
    }
  };

  return (
    <>
      {view.cancel_at_period_end ? (
        <Button
          size="sm"
          colorPalette="purple"
          loading={changing(false)}
          onClick={() => update.mutate({ cancel_at_period_end: false })}
        >
          Resume subscription
        </Button>
      ) : (
        <Dialog.Root
          role="alertdialog"
          open={confirming}
          onOpenChange={(details) => setConfirming(details.open)}
        >
          <Dialog.Trigger asChild>
            <Button size="sm" variant="ghost" colorPalette="red">
              Cancel at period end
            </Button>
          </Dialog.Trigger>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content data-testid="cancel-subscription-dialog">
                <Dialog.Header>
                  <Dialog.Title>Cancel your subscription?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <CancelConsequences end={end} />
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Keep subscription</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={changing(true)} onClick={cancel}>
                    Cancel at period end
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
      {update.isError && (
        <FormAlert
          status="error"
          size="sm"
          title={errorMessage(update.error)}
          data-testid="subscription-action-error"
        />
      )}
    </>
  );
}
