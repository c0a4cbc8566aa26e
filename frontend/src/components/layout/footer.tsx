import { Badge, Box, Container, Link, SimpleGrid, Stack, Text, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { describeMode, getRuntimeConfig } from '@/lib/runtime-config';
import { Logo } from '../logo';

const GROUPS = [
  {
    title: 'Platform',
    links: [
      { label: 'Browse MVPs', to: paths.browse.getHref() },
      { label: 'Pricing', to: paths.pricing.getHref() },
      { label: 'How It Works', to: paths.howItWorks.getHref() },
      { label: 'Success Stories', to: paths.stories.getHref() },
    ],
  },
  {
    title: 'Sellers',
    links: [
      { label: 'Become a Seller', to: paths.sellerSignup.getHref() },
      { label: 'Seller Guidelines', to: paths.guidelines.getHref() },
      { label: 'Analytics', to: paths.analytics.getHref() },
      { label: 'Payout Settings', to: paths.payoutSettings.getHref() },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.help.getHref() },
      { label: 'Contact Us', to: paths.contact.getHref() },
      { label: 'Documentation', to: paths.docs.getHref() },
      { label: 'System Status', to: paths.status.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: paths.privacy.getHref() },
      { label: 'Terms of Service', to: paths.terms.getHref() },
      { label: 'Cookie Policy', to: paths.cookies.getHref() },
      { label: 'Licenses', to: paths.licenses.getHref() },
    ],
  },
] as const;

export function Footer() {
  const config = getRuntimeConfig();
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="16">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 5 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text fontSize="sm" color="fg.muted" maxW="xs">
              Ready-made MVP templates that take your idea from zero to launch in hours, not months.
            </Text>
          </Stack>
          {GROUPS.map((group) => (
            <Stack key={group.title} as="nav" aria-label={group.title} gap="2">
              <Text fontWeight="semibold" fontSize="sm">
                {group.title}
              </Text>
              {group.links.map((link) => (
                <Link key={link.to} asChild fontSize="sm" color="fg.muted" _hover={{ color: 'fg' }}>
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <HStack mt="10" pt="6" borderTopWidth="1px" justify="space-between" flexWrap="wrap" gap="3">
          <Text fontSize="sm" color="fg.muted">
            © {new Date().getFullYear()} MVP Marketplace. All rights reserved.
          </Text>
          <Badge
            data-testid="mode-badge"
            variant="surface"
            colorPalette={config.mode === 'local' ? 'orange' : 'green'}
          >
            {describeMode(config)}
          </Badge>
        </HStack>
      </Container>
    </Box>
  );
}
