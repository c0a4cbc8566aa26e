/**
 * The code preview's viewer: the README rendered as sanitized Markdown, the package manifest and,
 * for callers who may download the template, any other text file, highlighted; everyone else is
 * told why not with a way to subscribe or buy. Binary files say so. highlight.js, marked and
 * DOMPurify are loaded on first use (use-code-rendering.ts).
 */
import { useMemo } from 'react';
import { Alert, Badge, Box, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { AccessTier } from '@contract/catalog';
import {
  CODE_PREVIEW_MESSAGES,
  type BundleDocument,
  type BundleFile,
  type BundleFiles,
} from '@contract/downloads';
import { SignInLink } from '../../../components/sign-in-link';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-session';
import { useTemplateFileContent } from '../api/get-template-file-content';
import { useCodeRendering } from '../api/use-code-rendering';
import { formatBytes } from '../lib/file-tree';

/** highlight.js's classes in the theme's colors: readable in light and dark alike. */
const codeColors = {
  '& .hljs-keyword, & .hljs-built_in, & .hljs-selector-tag, & .hljs-doctag': {
    color: 'purple.fg',
  },
  '& .hljs-string, & .hljs-regexp, & .hljs-addition, & .hljs-template-tag': {
    color: 'green.fg',
  },
  '& .hljs-number, & .hljs-literal, & .hljs-symbol, & .hljs-bullet': { color: 'orange.fg' },
  '& .hljs-title, & .hljs-section, & .hljs-function .hljs-title': { color: 'blue.fg' },
  '& .hljs-attr, & .hljs-attribute, & .hljs-property, & .hljs-variable, & .hljs-params': {
    color: 'cyan.fg',
  },
  '& .hljs-type, & .hljs-class .hljs-title, & .hljs-title.class_': { color: 'teal.fg' },
  '& .hljs-name, & .hljs-tag, & .hljs-meta, & .hljs-selector-class': { color: 'pink.fg' },
  '& .hljs-comment, & .hljs-quote': { color: 'fg.muted', fontStyle: 'italic' },
  '& .hljs-deletion': { color: 'red.fg' },
  '& .hljs-emphasis': { fontStyle: 'italic' },
  '& .hljs-strong': { fontWeight: 'bold' },
};

function CodeBlock({ path, code }: { path: string; code: string }) {
  const renderers = useCodeRendering();
  const highlighted = useMemo(
    () => renderers.data?.highlightCode(code, path),
    [renderers.data, code, path],
  );
  return (
    <Box
      as="pre"
      tabIndex={0}
      aria-label={`Content of ${path}`}
      data-testid="code-content"
      data-language={highlighted?.language}
      m="0"
      p="3"
      maxH="32rem"
      overflow="auto"
      bg="bg.subtle"
      borderWidth="1px"
      rounded="md"
      fontFamily="mono"
      fontSize="sm"
      lineHeight="1.6"
      whiteSpace="pre"
      css={codeColors}
    >
      {highlighted ? (
        <code className="hljs" dangerouslySetInnerHTML={{ __html: highlighted.html }} />
      ) : (
        <code>{code}</code>
      )}
    </Box>
  );
}

const markdownStyles = {
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', lineHeight: '1.3', mt: '4', mb: '2' },
  '& h1': { fontSize: '2xl' },
  '& h2': { fontSize: 'xl' },
  '& h3': { fontSize: 'lg' },
  '& > :first-child': { mt: '0' },
  '& p, & ul, & ol, & pre, & blockquote, & table': { mb: '3' },
  '& ul, & ol': { ps: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1' },
  '& a': { color: 'purple.fg', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& pre': { bg: 'bg.subtle', p: '3', rounded: 'md', overflowX: 'auto', borderWidth: '1px' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& blockquote': { borderStartWidth: '4px', ps: '3', color: 'fg.muted' },
  '& img': { maxW: '100%', display: 'inline-block' },
  '& hr': { my: '4' },
  '& table': { borderCollapse: 'collapse' },
  '& th, & td': { borderWidth: '1px', px: '2', py: '1' },
};

function Markdown({ document }: { document: BundleDocument }) {
  const renderers = useCodeRendering();
  const html = useMemo(
    () => renderers.data?.renderMarkdown(document.content),
    [renderers.data, document.content],
  );
  if (html === undefined) return <Skeleton h="24" />;
  return (
    <Box
      data-testid="readme"
      fontSize="sm"
      lineHeight="1.7"
      css={markdownStyles}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export interface ViewerProps {
  mvpId: string;
  accessTier: AccessTier;
  listing: BundleFiles;
  file: BundleFile;
}

/** Why a caller cannot read the file, with the way to be able to. */
function NotEntitled({ accessTier, signedIn }: { accessTier: AccessTier; signedIn: boolean }) {
  return (
    <Alert.Root status="info" data-testid="preview-locked">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{CODE_PREVIEW_MESSAGES.notEntitled}</Alert.Title>
        <Alert.Description>
          <HStack gap="4" mt="1" wrap="wrap">
            {!signedIn && <SignInLink />}
            {accessTier === 'one_time_sale' ? (
              <Link href="#download-panel" color="purple.fg" fontWeight="semibold">
                Buy this template
              </Link>
            ) : (
              accessTier === 'subscription' && (
                <Link asChild color="purple.fg" fontWeight="semibold">
                  <RouterLink to={paths.pricing.getHref()}>Subscribe</RouterLink>
                </Link>
              )
            )}
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function FileViewer({ mvpId, accessTier, listing, file }: ViewerProps) {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const isReadme = listing.readme?.path === file.path;
  const publicDocument = isReadme
    ? listing.readme
    : listing.package_manifest?.path === file.path
      ? listing.package_manifest
      : null;
  const mustFetch =
    publicDocument === null && file.kind === 'text' && listing.previewable && signedIn;
  const content = useTemplateFileContent(mvpId, file.path, mustFetch);

  const body = (() => {
    if (isReadme && listing.readme) return <Markdown document={listing.readme} />;
    if (publicDocument) return <CodeBlock path={file.path} code={publicDocument.content} />;
    if (file.kind === 'binary') return <Text color="fg.muted">{CODE_PREVIEW_MESSAGES.binary}</Text>;
    if (!listing.previewable) return <Text color="fg.muted">{CODE_PREVIEW_MESSAGES.notReady}</Text>;
    if (!signedIn) return <NotEntitled accessTier={accessTier} signedIn={false} />;
    if (content.isPending) {
      return (
        <Stack gap="2">
          <Skeleton h="4" w="70%" />
          <Skeleton h="4" w="50%" />
          <Skeleton h="4" w="60%" />
        </Stack>
      );
    }
    if (content.error) {
      return content.error instanceof ApiError && content.error.status === 403 ? (
        <NotEntitled accessTier={accessTier} signedIn />
      ) : (
        <Text color="fg.muted">{errorMessage(content.error)}</Text>
      );
    }
    return <CodeBlock path={file.path} code={content.data.content} />;
  })();

  const truncated = publicDocument?.truncated ?? content.data?.truncated === true;
  return (
    <Stack gap="3" minW="0" data-testid="file-viewer" aria-live="polite">
      <HStack gap="2" wrap="wrap">
        <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" wordBreak="break-all">
          {file.path}
        </Text>
        <Text as="span" fontSize="xs" color="fg.muted">
          {formatBytes(file.size)}
        </Text>
        {truncated && (
          <Badge colorPalette="orange" variant="subtle">
            First 256 KB shown
          </Badge>
        )}
      </HStack>
      {body}
    </Stack>
  );
}
