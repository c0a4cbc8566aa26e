import { Badge, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuArrowRight, LuRocket } from 'react-icons/lu';
import { paths } from '../../config/paths';

/** The hero of the home page; stats, how-it-works and featured templates follow in issue 3. */
export default function HomeRoute() {
  return (
    <Box
      as="section"
      bgGradient="to-b"
      gradientFrom="purple.subtle"
      gradientTo="bg"
      py={{ base: '16', md: '28' }}
    >
      <Container maxW="4xl" textAlign="center">
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
        </Stack>
      </Container>
    </Box>
  );
}
