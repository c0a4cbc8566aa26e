import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuDownload, LuRocket, LuSearch } from 'react-icons/lu';

const STEPS = [
  {
    icon: LuSearch,
    title: '1. Find your template',
    text: 'Browse starters by category and tech stack, read reviews and try the live demos.',
  },
  {
    icon: LuDownload,
    title: '2. Download the code',
    text: 'Subscribe to a plan and download the full source, ready to customise.',
  },
  {
    icon: LuRocket,
    title: '3. Launch',
    text: 'Add your idea on top of working auth, payments and UI, and ship in hours.',
  },
] as const;

/** The three-step how-it-works section of the home page. */
export function HowItWorks() {
  return (
    <Box as="section" py={{ base: '14', md: '20' }} aria-labelledby="how-it-works-heading">
      <Container maxW="6xl">
        <Stack gap="3" textAlign="center" mb="10">
          <Heading as="h2" id="how-it-works-heading" size="3xl">
            How it works
          </Heading>
          <Text color="fg.muted">From idea to launched product in three steps.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {STEPS.map((step) => (
            <Stack key={step.title} gap="3" p="6" borderWidth="1px" rounded="xl" bg="bg.subtle">
              <Box color="purple.fg" fontSize="2xl">
                <step.icon />
              </Box>
              <Heading as="h3" size="lg">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
