import type { ReactNode } from 'react';
import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuGithub, LuGlobe } from 'react-icons/lu';
import type { Profile } from '@contracts/profile';
import { Message } from './message';

export const NETLIFY_AUTOMATIC_MESSAGE =
  'Netlify connects automatically during deployment: you authorise it when you deploy a template.';

function Status({ connected, detail }: { connected: boolean; detail?: string | null }) {
  return (
    <Badge colorPalette={connected ? 'green' : 'gray'} variant="surface">
      {connected ? `Connected${detail ? ` as ${detail}` : ''}` : 'Not connected'}
    </Badge>
  );
}

/**
 * Settings, Connections tab: the status of the code-hosting and static-hosting connections. The
 * GitHub connect / disconnect comes from the deployments feature (by the route); Netlify connects
 * during a deployment.
 */
export function ConnectionsTab({
  profile,
  githubAction,
}: {
  profile: Profile;
  githubAction?: (connected: boolean) => ReactNode;
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
            <Status
              connected={Boolean(profile.netlify_site_name)}
              detail={profile.netlify_site_name}
            />
          </HStack>
          <Message status="info" text={NETLIFY_AUTOMATIC_MESSAGE} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
