/**
 * Settings → Connections, GitHub: Connect (the buyer's GitHub authorisation, back
 * to /buyer-github-callback) or Disconnect.
 */
import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useConnectGithub, useConnections, useDisconnectGithub } from '../api/deployments';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { QueryError } from '@/components/query-error';
import { refusalMessage } from '@/lib/api-error';
import { failedQueryProps } from '@/lib/query-retry';

export function GithubConnectionAction({ connected }: { connected: boolean }) {
  const connect = useConnectGithub();
  const disconnect = useDisconnectGithub();
  const error = connect.error ?? disconnect.error;
  return (
    <Stack gap="2" align="end">
      {connected ? (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={disconnect.isPending}
          onClick={() => disconnect.mutate()}
        >
          Disconnect
        </Button>
      ) : (
        <Button
          size="sm"
          colorPalette="purple"
          loading={connect.isPending || connect.isSuccess}
          onClick={() => connect.mutate({})}
        >
          Connect GitHub
        </Button>
      )}
      {error && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>
            {refusalMessage(error, DEPLOY_MESSAGES.githubConnectUnexpected)}
          </Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** Settings → Connections, Netlify: whether a deployment connected it, and as whom. */
export function NetlifyConnectionStatus({
  render,
}: {
  render: (status: { connected: boolean; accountLogin: string | null }) => ReactNode;
}) {
  const connections = useConnections();
  const netlify = connections.data?.netlify;
  // Not "Not connected" when it could not be read: why, and Try again.
  if (connections.isError) {
    return <QueryError {...failedQueryProps(connections)} testId="connections-error" />;
  }
  return render({
    connected: Boolean(netlify?.connected),
    accountLogin: netlify?.account_login ?? null,
  });
}
