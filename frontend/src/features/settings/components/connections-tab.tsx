import type { ReactNode } from 'react';
import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuGithub, LuGlobe } from 'react-icons/lu';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import type { Profile } from '@contract/profile';
import { Message } from './message';

function Status({ connected, detail }: { connected: boolean; detail?: string | null }) {
  return (
    <Badge colorPalette={connected ? 'green' : 'gray'} variant="surface">
      {connected ? `Connected${detail ? ` as ${detail}` : ''}` : 'Not connected'}
    </Badge>
  );
}

/** Renders the Netlify status as the deployments feature knows it (by the route). */
export type NetlifyStatusSlot = (
  render: (status: { connected: boolean; accountLogin: string | null }) => ReactNode,
) => ReactNode;

/**
 * Settings, Connections tab: the status of the code-hosting and static-hosting connections. The
 * GitHub connect / disconnect comes from the deployments feature (by the route); Netlify connects
 * during a deployment.
 */
export function ConnectionsTab({
  profile,
  githubAction,
  netlifyStatus,
}: {
  profile: Profile;
  githubAction?: (connected: boolean) => ReactNode;
  netlifyStatus?: NetlifyStatusSlot;
}) {
  return (
    <Stack gap="4">
      <Card.Root variant="outline" data-testid="connection-github">
        <Card.Body>
          <HStack justify="space-between" gap="4" flexWrap="wrap">
            <HStack gap="3">
              <LuGithub size="24" />
              <Stack gap="0">
                <Text fontWeight="semibold">GitHub</Text>
                <Text fontSize="sm" color="fg.muted">
                  Used to create a repository with a template&apos;s code when you deploy it.
                </Text>
              </Stack>
            </HStack>
            <HStack gap="3">
              <Status
                connected={Boolean(profile.github_username)}
                detail={profile.github_username}
              />
              {githubAction?.(Boolean(profile.github_username))}
            </HStack>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" data-testid="connection-netlify">
        <Card.Body gap="3">
          <HStack justify="space-between" gap="4" flexWrap="wrap">
            <HStack gap="3">
              <LuGlobe size="24" />
              <Stack gap="0">
                <Text fontWeight="semibold">Netlify</Text>
                <Text fontSize="sm" color="fg.muted">
                  Hosts the site built from your repository.
                </Text>
              </Stack>
            </HStack>
            {netlifyStatus ? (
              netlifyStatus(({ connected, accountLogin }) => (
                <Status connected={connected} detail={accountLogin} />
              ))
            ) : (
              <Status
                connected={Boolean(profile.netlify_site_name)}
                detail={profile.netlify_site_name}
              />
            )}
          </HStack>
          <Message status="info" text={DEPLOY_MESSAGES.netlifyAutomatic} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
