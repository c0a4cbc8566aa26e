/**
 * Settings → Notifications, security part: one switch per template the person downloaded or
 * deployed. Off means no alert at all for that template (neither in the bell nor by e-mail) when a
 * vulnerability is found in it or a version fixes one. On by default.
 */
import { refusalMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { HStack, Heading, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { SECURITY_ALERT_MESSAGES } from '@contract/security-alerts';
import { useSecurityAlertSettings, useUpdateSecurityAlert } from '../api/security-alerts';
import { Message } from './message';

export function SecurityAlertSettings() {
  const settings = useSecurityAlertSettings();
  const update = useUpdateSecurityAlert();
  // A refusal or a service that failed says why in the API's words; else the product's text.
  const [failure, setFailure] = useState<string>();

  if (settings.isPending) return <Skeleton height="24" />;
  if (settings.isError) {
    return (
      <QueryError
        {...failedQueryProps(settings)}
        title={SECURITY_ALERT_MESSAGES.loadFailed}
        testId="security-alerts-error"
      />
    );
  }
  const items = settings.data.items;
  const pending = update.isPending ? update.variables : undefined;

  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4" data-testid="security-alert-settings">
      <Stack gap="1">
        <Heading as="h2" size="md">
          Security alerts by template
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          When a vulnerability is found in a template you downloaded or deployed, or a new version
          fixes one, we tell you. Turn a template off to hear nothing about it.
        </Text>
      </Stack>
      {failure && <Message status="error" text={failure} />}
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No templates yet: download or deploy one and it appears here.
        </Text>
      ) : (
        items.map((item) => {
          const id = `security-alerts-${item.mvp_id}`;
          const checked = pending?.mvpId === item.mvp_id ? pending.alerts : item.alerts;
          return (
            <HStack
              key={item.mvp_id}
              justify="space-between"
              gap="4"
              py="2"
              borderTopWidth="1px"
              _first={{ borderTopWidth: 0 }}
              data-testid="security-alert-setting"
            >
              <Text fontWeight="medium" id={`${id}-label`}>
                {item.title}
              </Text>
              <Switch.Root
                colorPalette="purple"
                checked={checked}
                disabled={update.isPending}
                onCheckedChange={(details) => {
                  setFailure(undefined);
                  update.mutate(
                    { mvpId: item.mvp_id, alerts: details.checked },
                    {
                      onError: (error) =>
                        setFailure(refusalMessage(error, SECURITY_ALERT_MESSAGES.updateFailed)),
                    },
                  );
                }}
                flexShrink={0}
              >
                <Switch.HiddenInput aria-labelledby={`${id}-label`} data-testid={`${id}-switch`} />
                <Switch.Control />
              </Switch.Root>
            </HStack>
          );
        })
      )}
    </Stack>
  );
}
