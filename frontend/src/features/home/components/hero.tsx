import {
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuArrowRight, LuRocket } from 'react-icons/lu';
import { AVERAGE_HOURS_TO_LAUNCH, SUCCESS_RATE_PERCENT } from '@contract/stats';
import { paths } from '@/config/paths';
import { useHomeStats } from '../api/get-stats';
import { formatCount } from '@/lib/format';

function Stat({ value, label, loading }: { value: string; label: string; loading?: boolean }) {
  return (
    <Stack
      gap="1"
      align="center"
      data-testid={`hero-stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <Skeleton loading={Boolean(loading)} minW="16">
        <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="purple.fg">
          {value}
        </Text>
      </Skeleton>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * The home hero with live stats (completed deployments, approved templates) and fixed figures.
 * "MVPs Launched" is left out while it is 0.
 */
export function Hero() {
  const stats = useHomeStats();
  const live = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  const launched = stats.data?.mvps_launched;
  return (
    <Box
      as="section"
      bgGradient="to-b"
      gradientFrom="purple.subtle"
      gradientTo="bg"
      py={{ base: '16', md: '24' }}
    >
      <Container maxW="5xl" textAlign="center">
        <Stack gap="6" align="center">
          <Badge colorPalette="purple" variant="surface" size="lg" rounded="full" px="3">
            <LuRocket /> Launch faster with proven starters
          </Badge>
          <Heading
            as="h1"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.1"
            letterSpacing="tight"
          >
            Ship your MVP in hours,{' '}
            <Text as="span" color="purple.fg">
              not months
            </Text>
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
            Browse production-ready MVP templates built by experienced developers. Subscribe,
            download the source, and launch your idea with authentication, payments and a polished
            UI already in place.
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button asChild size="lg" colorPalette="purple">
              <RouterLink to={paths.browse.getHref()}>
                Browse MVPs <LuArrowRight />
              </RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={paths.sellerSignup.getHref()}>Become a Seller</RouterLink>
            </Button>
          </HStack>
          <SimpleGrid
            columns={{ base: launched === 0 ? 3 : 2, md: launched === 0 ? 3 : 4 }}
            gap="8"
            pt="8"
            w="full"
            maxW="3xl"
          >
            {/* A bare 0 reads as "nobody uses this": the stat waits for the first launch. */}
            {launched !== 0 && (
              <Stat value={live(launched)} label="MVPs Launched" loading={stats.isPending} />
            )}
            <Stat value={live(stats.data?.templates)} label="Templates" loading={stats.isPending} />
            <Stat value={String(AVERAGE_HOURS_TO_LAUNCH)} label="Avg. Hours to Launch" />
            <Stat value={`${SUCCESS_RATE_PERCENT}%`} label="Success Rate" />
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
