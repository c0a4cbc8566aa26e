/**
 * `/stories` (public): products buyers launched from a template and chose to show, newest first,
 * each with its site, its maker's public name and the template it started from. A buyer shows
 * their own from the dashboard's deployments.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import {
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Heading,
  Image,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuExternalLink, LuRocket } from 'react-icons/lu';
import type { LaunchStory } from '@contract/stories';
import { paths } from '@/config/paths';
import { useStories } from '../api/stories';
import { formatDate } from '@/lib/format';

export function StoriesView() {
  const stories = useStories();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} data-testid="stories">
      <Stack gap="8">
        <Stack gap="2" maxW="3xl">
          <Heading as="h1" size="3xl">
            Success Stories
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Products our buyers launched from a template, live on their own sites. Launched one?
            Show it from the deployments on your dashboard.
          </Text>
        </Stack>
        {stories.isError ? (
          <QueryError {...failedQueryProps(stories)} testId="stories-error" />
        ) : !stories.data ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h="80" rounded="xl" />
            ))}
          </SimpleGrid>
        ) : stories.data.length === 0 ? (
          <EmptyState.Root data-testid="stories-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuRocket />
              </EmptyState.Indicator>
              <EmptyState.Title>No stories yet</EmptyState.Title>
              <EmptyState.Description>
                Deploy a template, launch your site, and be the first one shown here.
              </EmptyState.Description>
              <Button asChild colorPalette="purple">
                <RouterLink to={paths.browse.getHref()}>Browse templates</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" as="ul" listStyleType="none">
            {stories.data.map((story) => (
              <StoryCard key={story.id} story={story} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

function StoryCard({ story }: { story: LaunchStory }) {
  return (
    <Card.Root as="li" variant="outline" overflow="hidden" data-testid="story-card">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {story.template.preview_image ? (
          <Image src={story.template.preview_image} alt="" objectFit="cover" />
        ) : (
          <Box color="purple.fg" fontSize="4xl" display="grid" placeItems="center">
            <LuRocket />
          </Box>
        )}
      </AspectRatio>
      <Card.Body gap="2">
        <Heading as="h2" size="md" wordBreak="break-word">
          {story.title}
        </Heading>
        {story.description && <Text>{story.description}</Text>}
        <Text fontSize="sm" color="fg.muted">
          By {story.maker} · shared on {formatDate(story.shown_at)}
        </Text>
        <Text fontSize="sm">
          Built from{' '}
          <Link asChild colorPalette="purple" variant="underline">
            <RouterLink to={paths.mvp.getHref(story.template.id)}>
              {story.template.title}
            </RouterLink>
          </Link>
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild size="sm" variant="outline" colorPalette="purple">
          <a href={story.site_url} target="_blank" rel="noreferrer noopener">
            Visit site <LuExternalLink />
          </a>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
