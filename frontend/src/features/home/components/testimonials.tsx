import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';

// Marketing copy of the home page, not data.
const TESTIMONIALS = [
  {
    quote:
      'We went from a blank repo to paying customers in a weekend. The auth and billing just worked.',
    name: 'Priya S.',
    role: 'Founder, InvoiceNest',
  },
  {
    quote: 'The code quality surprised me: typed, tested and easy to extend. It saved us weeks.',
    name: 'Marcus L.',
    role: 'CTO, FitTrack',
  },
  {
    quote: 'As a solo developer, the templates let me validate three ideas in a month.',
    name: 'Elena R.',
    role: 'Indie maker',
  },
] as const;

export function Testimonials() {
  return (
    <Box
      as="section"
      py={{ base: '14', md: '20' }}
      bg="bg.subtle"
      aria-labelledby="testimonials-heading"
    >
      <Container maxW="6xl">
        <Heading as="h2" id="testimonials-heading" size="3xl" textAlign="center" mb="10">
          Loved by founders
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {TESTIMONIALS.map((item) => (
            <Stack key={item.name} as="figure" gap="4" p="6" rounded="xl" bg="bg" borderWidth="1px">
              <Text as="blockquote" fontSize="lg">
                “{item.quote}”
              </Text>
              <Box as="figcaption">
                <Text fontWeight="semibold">{item.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {item.role}
                </Text>
              </Box>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
