/**
 * The code preview's viewer: the README rendered as GitHub shows it (lib/readme-rendering.ts; its
 * images from the bundle, its links to other files of the bundle opening them here, a long one
 * capped with "Show all"), the package manifest and, for callers who may download the template,
 * any other text file, highlighted (Markdown rendered); everyone else is told why not with a way
 * to subscribe or buy. Binary files say so. highlight.js, marked and DOMPurify are loaded on first
 * use (use-code-rendering.ts).
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { AccessTier } from '@contract/catalog';
import {
  CODE_PREVIEW_MESSAGES,
  type BundleDocument,
  type BundleFile,
  type BundleFiles,
} from '@contract/downloads';
import { SignInLink } from '@/components/sign-in-link';
import { paths } from '@/config/paths';
import { apiUrl } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/auth-session';
import { useTemplateFileContent } from '../api/get-template-file-content';
import { useCodeRendering } from '../api/use-code-rendering';
import { formatBytes } from '../lib/file-tree';
import { BUNDLE_PATH_ATTRIBUTE } from '../lib/readme-links';

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

/** Alerts (`> [!NOTE]`) in the colours GitHub gives them, from the theme's palettes. */
const alertPalettes = {
  note: 'blue',
  tip: 'green',
  important: 'purple',
  warning: 'orange',
  caution: 'red',
} as const;

const alertStyles = Object.fromEntries(
  Object.entries(alertPalettes).map(([kind, palette]) => [
    `& .readme-alert-${kind}`,
    {
      borderColor: `${palette}.solid`,
      '& .readme-alert-title': { color: `${palette}.fg` },
    },
  ]),
);

const markdownStyles = {
  // README headings arrive one level down (the page's title is the only h1).
  '& h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', lineHeight: '1.3', mt: '4', mb: '2' },
  '& h2': { fontSize: '2xl' },
  '& h3': { fontSize: 'xl' },
  '& h4': { fontSize: 'lg' },
  '& h5, & h6': { fontSize: 'md' },
  '& > :first-child': { mt: '0' },
  '& p, & ul, & ol, & pre, & blockquote, & table, & details, & .readme-alert': { mb: '3' },
  '& ul, & ol': { ps: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1' },
  '& li > input[type="checkbox"]': { me: '1.5' },
  '& a': { color: 'purple.fg', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& pre': { bg: 'bg.subtle', p: '3', rounded: 'md', overflowX: 'auto', borderWidth: '1px' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& blockquote': { borderStartWidth: '4px', ps: '3', color: 'fg.muted' },
  '& img': { maxW: '100%', display: 'inline-block', verticalAlign: 'middle' },
  '& hr': { my: '4' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxW: '100%' },
  '& th, & td': { borderWidth: '1px', px: '2', py: '1' },
  '& th': { fontWeight: 'semibold', bg: 'bg.subtle' },
  // GitHub keeps `align` on paragraphs, headings, divs and cells; here it becomes text alignment.
  '& [align="center"]': { textAlign: 'center' },
  '& [align="right"]': { textAlign: 'right' },
  '& [align="left"]': { textAlign: 'left' },
  '& img[align="right"]': { float: 'right', ms: '3' },
  '& img[align="left"]': { float: 'left', me: '3' },
  '& kbd': {
    fontFamily: 'mono',
    fontSize: '0.85em',
    px: '1.5',
    py: '0.5',
    borderWidth: '1px',
    borderBottomWidth: '2px',
    rounded: 'sm',
    bg: 'bg.subtle',
  },
  '& details': { borderWidth: '1px', rounded: 'md', px: '3', py: '2' },
  '& summary': { cursor: 'pointer', fontWeight: 'medium' },
  '& details[open] > summary': { mb: '2' },
  '& .readme-alert': { borderStartWidth: '4px', ps: '3', py: '1' },
  '& .readme-alert-title': { fontWeight: 'semibold', mb: '1' },
  ...alertStyles,
};

/** Past this height a rendered document is cut, with a fade, until the visitor shows it all. */
const DOCUMENT_CAP_PX = 640;

/**
 * A long document capped at `DOCUMENT_CAP_PX` with a fade and a "Show all" / "Show less"
 * button, so a 3,000-line README never makes the page tens of thousands of pixels tall. Focus
 * that moves into the hidden part (a keyboard user tabbing through links) opens it.
 */
function CappedDocument({ id, children }: { id: string; children: ReactNode }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const measure = () => setOverflows(content.offsetHeight > DOCUMENT_CAP_PX + 48);
    measure();
    // Images load after the first paint and make the document taller.
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  const capped = overflows && !expanded;
  return (
    <Stack gap="2">
      <Box
        ref={frameRef}
        id={id}
        data-testid="document-frame"
        position="relative"
        maxH={capped ? `${DOCUMENT_CAP_PX}px` : undefined}
        overflow={capped ? 'hidden' : undefined}
        onFocusCapture={(event) => {
          if (!capped || !frameRef.current) return;
          const top =
            (event.target as HTMLElement).getBoundingClientRect().top -
            frameRef.current.getBoundingClientRect().top;
          if (top > DOCUMENT_CAP_PX - 48) setExpanded(true);
        }}
      >
        <Box ref={contentRef}>{children}</Box>
        {capped && (
          <Box
            aria-hidden
            position="absolute"
            insetX="0"
            bottom="0"
            h="32"
            pointerEvents="none"
            bgGradient="to-b"
            gradientFrom="transparent"
            gradientTo="bg.panel"
          />
        )}
      </Box>
      {overflows && (
        <Button
          alignSelf="center"
          size="sm"
          variant="outline"
          aria-expanded={expanded}
          aria-controls={id}
          data-testid="readme-toggle"
          onClick={() => {
            setExpanded(!expanded);
            // Back to the top of the document when it folds, rather than far below it.
            if (expanded && frameRef.current && frameRef.current.getBoundingClientRect().top < 0)
              frameRef.current.scrollIntoView({ block: 'start' });
          }}
        >
          {expanded ? 'Show less' : 'Show all'}
        </Button>
      )}
    </Stack>
  );
}

/** Markdown files other than the README are rendered too, for those who may read them. */
const isMarkdownPath = (path: string) => /\.(?:md|markdown)$/i.test(path);

function Markdown({
  document,
  mvpId,
  files,
  onOpenFile,
}: {
  document: BundleDocument;
  mvpId: string;
  files: readonly BundleFile[];
  onOpenFile: (path: string) => void;
}) {
  const renderers = useCodeRendering();
  const paths = useMemo(() => new Set(files.map((file) => file.path)), [files]);
  const html = useMemo(
    () =>
      renderers.data?.renderMarkdown(document.content, {
        path: document.path,
        files: paths,
        imageUrl: (path) =>
          apiUrl('GET /api/mvps/{id}/files/image', { params: { id: mvpId }, query: { path } }),
      }),
    [renderers.data, document.content, document.path, paths, mvpId],
  );
  if (html === undefined) return <Skeleton h="24" />;
  return (
    <CappedDocument key={document.path} id={`document-${document.path}`}>
      <Box
        data-testid="readme"
        fontSize="sm"
        lineHeight="1.7"
        css={markdownStyles}
        onClick={(event) => {
          // Links to other files of the bundle open them here, not away from the page.
          const link = (event.target as Element).closest(`a[${BUNDLE_PATH_ATTRIBUTE}]`);
          const path = link?.getAttribute(BUNDLE_PATH_ATTRIBUTE);
          if (!path) return;
          event.preventDefault();
          onOpenFile(path);
        }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </CappedDocument>
  );
}

export interface ViewerProps {
  mvpId: string;
  accessTier: AccessTier;
  listing: BundleFiles;
  file: BundleFile;
  /** Shows another file of the bundle (a README's link to `docs/SETUP.md`). */
  onOpenFile: (path: string) => void;
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

export function FileViewer({ mvpId, accessTier, listing, file, onOpenFile }: ViewerProps) {
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
    const markdown = (document: BundleDocument) => (
      <Markdown document={document} mvpId={mvpId} files={listing.files} onOpenFile={onOpenFile} />
    );
    if (isReadme && listing.readme) return markdown(listing.readme);
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
        <QueryError {...failedQueryProps(content)} testId="file-content-error" />
      );
    }
    if (isMarkdownPath(file.path))
      return markdown({ path: file.path, content: content.data.content, truncated: false });
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
