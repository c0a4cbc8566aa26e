/**
 * `/status`: the live health of the API, each service it depends on and the processing
 * pipeline, from `GET /api/health`, refreshed every 30 seconds; the headline names what is down. When the API itself cannot be
 * reached, that is the status: the page says so instead of failing.
 */
import { Badge, Box, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  HEALTH_LABELS,
  HEALTH_REFRESH_SECONDS,
  type HealthComponent,
  type HealthState,
} from '@contract/health';
import { useHealth } from '../api/get-health';
import { formatTime } from '@/lib/format';

const PALETTE: Record<HealthState, string> = {
  operational: 'green',
  degraded: 'orange',
  down: 'red',
};

const HEADLINE: Record<HealthState, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems are slower than usual',
  down: 'Some systems are down',
};

/** The headline: which components are down, by name, before "slower than usual". */
export function headlineOf(components: readonly HealthComponent[], state: HealthState): string {
  const down = components.filter((component) => component.status === 'down');
  if (down.length === 0) return HEADLINE[state];
  return `Not answering right now: ${down.map((component) => component.name).join(', ')}. The rest of the marketplace works as usual.`;
}

function ComponentRow({ component }: { component: HealthComponent }) {
  return (
    <HStack
      as="li"
      justify="space-between"
      gap="4"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-testid="status-component"
    >
      <Stack gap="0.5">
        <Text fontWeight="semibold">{component.name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {component.detail}
        </Text>
      </Stack>
      <Badge colorPalette={PALETTE[component.status]} variant="subtle" flexShrink={0}>
        {HEALTH_LABELS[component.status]}
      </Badge>
    </HStack>
  );
}

export function StatusView() {
  const health = useHealth();
  const data = health.data;
  const state: HealthState | undefined = data
    ? data.components.some((component) => component.status === 'down')
      ? 'down'
      : data.status
    : health.isError
      ? 'down'
      : undefined;
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl" letterSpacing="tight">
            System Status
          </Heading>
          <Text color="fg.muted">
            Live health of the marketplace, checked every {HEALTH_REFRESH_SECONDS} seconds.
          </Text>
        </Stack>
        <Box
          role="status"
          aria-live="polite"
          rounded="lg"
          p="4"
          borderWidth="1px"
          colorPalette={state ? PALETTE[state] : 'gray'}
          bg="colorPalette.subtle"
          borderColor="colorPalette.muted"
          data-testid="status-headline"
        >
          <Text fontWeight="semibold" color="colorPalette.fg">
            {state === undefined
              ? 'Checking…'
              : health.isError && !health.data
                ? 'The marketplace API cannot be reached right now'
                : headlineOf(health.data?.components ?? [], state)}
          </Text>
        </Box>
        {health.data && (
          <Card.Root variant="outline">
            <Card.Body py="2">
              <Stack as="ul" gap="0" listStyleType="none">
                {health.data.components.map((component) => (
                  <ComponentRow key={component.name} component={component} />
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        {health.data && (
          <Text fontSize="sm" color="fg.muted" data-testid="status-checked-at">
            Last checked {formatTime(health.data.checked_at)}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
