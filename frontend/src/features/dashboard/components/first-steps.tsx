/**
 * `/welcome`: where a new account lands after signing up. Three ways to start: choose a plan,
 * browse templates, or apply to sell, each one link away.
 */
import { Button, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCreditCard, LuLayoutGrid, LuStore } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

interface FirstStep {
  icon: IconType;
  title: string;
  text: string;
  action: string;
  to: string;
}

const FIRST_STEPS: readonly FirstStep[] = [
  {
    icon: LuCreditCard,
    title: 'Choose a plan',
    text: 'Pick the number of downloads you need each month. You can change or cancel at any time.',
    action: 'See plans',
    to: paths.pricing.getHref(),
  },
  {
    icon: LuLayoutGrid,
    title: 'Browse templates',
    text: 'Find a starting point with authentication, payments and a polished interface built in.',
    action: 'Browse MVPs',
    to: paths.browse.getHref(),
  },
  {
    icon: LuStore,
    title: 'Apply to sell',
    text: 'Publish your own templates and keep 70% of the commission pool.',
    action: 'Become a Seller',
    to: paths.sellerSignup.getHref(),
  },
];

export function FirstSteps() {
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }} data-testid="first-steps">
      <Stack gap="8">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            Your account is ready
          </Heading>
          <Text color="fg.muted">What would you like to do first?</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {FIRST_STEPS.map((step) => (
            <Card.Root key={step.title} variant="outline">
              <Card.Body gap="3">
                <step.icon size="28" aria-hidden />
                <Heading as="h2" size="md">
                  {step.title}
                </Heading>
                <Text color="fg.muted" flex="1">
                  {step.text}
                </Text>
              </Card.Body>
              <Card.Footer>
                <Button asChild colorPalette="purple" variant="outline" width="full">
                  <RouterLink to={step.to}>{step.action}</RouterLink>
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Text textAlign="center" color="fg.muted" fontSize="sm">
          Or go to your{' '}
          <RouterLink to={paths.dashboard.getHref()} style={{ textDecoration: 'underline' }}>
            dashboard
          </RouterLink>
          .
        </Text>
      </Stack>
    </Container>
  );
}
