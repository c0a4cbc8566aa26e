/**
 * A content page: the Markdown of `frontend/content/<page>.md`, rendered to HTML at
 * build time, under the page's title. Links to our own pages move inside the app instead of
 * reloading it; other links open as usual.
 */
import { useEffect, type MouseEvent } from 'react';
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';

export interface ContentPageData {
  title: string;
  description: string;
  html: string;
}

/** Markdown's elements in the app's type scale and colours, light and dark alike. */
const proseStyles = {
  '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '8', mb: '3' },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', mt: '6', mb: '2' },
  '& p': { mb: '4', lineHeight: '1.7' },
  '& ul, & ol': { ps: '6', mb: '4', lineHeight: '1.7' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1' },
  '& a': { color: 'purple.fg', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& strong': { fontWeight: 'semibold' },
  '& em': { color: 'fg.muted' },
  '& .table-scroll': { overflowX: 'auto', mb: '6' },
  '& table': { width: 'full', borderCollapse: 'collapse', fontSize: 'sm' },
  '& th, & td': {
    borderWidth: '1px',
    borderColor: 'border',
    px: '3',
    py: '2',
    textAlign: 'start',
    verticalAlign: 'top',
  },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
} as const;

export function ContentPage({ page }: { page: ContentPageData }) {
  const navigate = useNavigate();
  useEffect(() => {
    const previous = document.title;
    document.title = `${page.title} · MVP Marketplace`;
    return () => {
      document.title = previous;
    };
  }, [page.title]);

  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" size="3xl" letterSpacing="tight">
          {page.title}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {page.description}
        </Text>
      </Stack>
      <Box
        data-testid="content-page"
        css={proseStyles}
        onClick={followInternalLink}
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </Container>
  );
}
