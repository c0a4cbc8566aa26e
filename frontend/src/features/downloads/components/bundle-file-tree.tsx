/**
 * Code preview (issue 13 §1): the files of the template's bundle as a tree (from the manifest the
 * scan recorded; no download needed, nothing spent) beside a viewer. Everyone sees the tree, the
 * README (rendered as sanitized Markdown) and the package manifest; clicking any other text file
 * shows its content, highlighted, to callers who may download the template, and tells everyone
 * else why not with a way to subscribe or buy. Binary files say so.
 *
 * The tree follows the WAI-ARIA tree pattern, flat: `tree` > `treeitem` (aria-level,
 * aria-setsize, aria-posinset, aria-expanded on folders, aria-selected on files), one tab stop, arrow keys to move, Right/Left to open and close folders, Enter or Space to open a file.
 * highlight.js, marked and DOMPurify are loaded on first use (use-code-rendering.ts).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Badge,
  Box,
  Card,
  Grid,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuChevronDown, LuChevronRight, LuFile, LuFolder, LuFolderOpen } from 'react-icons/lu';
import type { AccessTier } from '@contract/catalog';
import {
  CODE_PREVIEW_MESSAGES,
  type BundleDocument,
  type BundleFile,
  type BundleFiles,
} from '@contract/downloads';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-session';
import { useMvpFileContent } from '../api/get-mvp-file-content';
import { useMvpFiles } from '../api/get-mvp-files';
import { useCodeRendering } from '../api/use-code-rendering';
import { SignInLink } from '../../../components/sign-in-link';

interface FolderNode {
  kind: 'folder';
  name: string;
  path: string;
  children: TreeNode[];
}
interface FileNode {
  kind: 'file';
  name: string;
  path: string;
  file: BundleFile;
}
type TreeNode = FolderNode | FileNode;

const byFolderThenName = (a: TreeNode, b: TreeNode) =>
  (a.kind === 'folder' ? 0 : 1) - (b.kind === 'folder' ? 0 : 1) || a.name.localeCompare(b.name);

/** Paths to a tree; folders first, then files, each alphabetically. */
export function buildFileTree(files: readonly BundleFile[]): FolderNode {
  const root: FolderNode = { kind: 'folder', name: '', path: '', children: [] };
  for (const file of files) {
    const parts = file.path.split('/').filter(Boolean);
    let folder = root;
    parts.forEach((part, index) => {
      const path = parts.slice(0, index + 1).join('/');
      if (index === parts.length - 1) {
        folder.children.push({ kind: 'file', name: part, path, file });
        return;
      }
      let next = folder.children.find(
        (child): child is FolderNode => child.kind === 'folder' && child.name === part,
      );
      if (!next) {
        next = { kind: 'folder', name: part, path, children: [] };
        folder.children.push(next);
      }
      folder = next;
    });
  }
  const sortAll = (folder: FolderNode) => {
    folder.children.sort(byFolderThenName);
    for (const child of folder.children) if (child.kind === 'folder') sortAll(child);
  };
  sortAll(root);
  return root;
}

export const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

interface Row {
  node: TreeNode;
  parent: string | null;
  level: number;
  setSize: number;
  position: number;
}

/** The rows a keyboard moves through: every node whose folders above are open, in order. */
const visibleRows = (root: FolderNode, expanded: ReadonlySet<string>): Row[] => {
  const rows: Row[] = [];
  const walk = (folder: FolderNode, parent: string | null, level: number) => {
    folder.children.forEach((node, index) => {
      rows.push({ node, parent, level, setSize: folder.children.length, position: index + 1 });
      if (node.kind === 'folder' && expanded.has(node.path)) walk(node, node.path, level + 1);
    });
  };
  walk(root, null, 1);
  return rows;
};

/** Folders open at first: the single top folder and its direct subfolders, or the root's. */
const initiallyExpanded = (root: FolderNode): Set<string> => {
  const open = new Set<string>();
  const [only] = root.children;
  if (root.children.length === 1 && only?.kind === 'folder') {
    open.add(only.path);
    for (const child of only.children) if (child.kind === 'folder') open.add(child.path);
  } else {
    for (const child of root.children) if (child.kind === 'folder') open.add(child.path);
  }
  return open;
};

interface TreeProps {
  root: FolderNode;
  selected: string | null;
  onSelect: (file: BundleFile) => void;
}

function FileTree({ root, selected, onSelect }: TreeProps) {
  const [expanded, setExpanded] = useState(() => initiallyExpanded(root));
  const [focused, setFocused] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);
  const rows = useMemo(() => visibleRows(root, expanded), [root, expanded]);
  // One tab stop: the focused row, else the selected file, else the first row.
  const tabStop =
    rows.find((row) => row.node.path === focused)?.node.path ??
    rows.find((row) => row.node.path === selected)?.node.path ??
    rows[0]?.node.path;

  useEffect(() => {
    if (moved.current && focused) items.current.get(focused)?.focus();
    moved.current = false;
  }, [focused]);

  const toggle = (path: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });
  const focus = (path: string | undefined) => {
    if (!path) return;
    moved.current = true;
    setFocused(path);
  };
  const activate = (node: TreeNode) => {
    setFocused(node.path);
    if (node.kind === 'folder') toggle(node.path);
    else onSelect(node.file);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = rows.findIndex((row) => row.node.path === tabStop);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const handled = (() => {
      switch (event.key) {
        case 'ArrowDown':
          focus(rows[index + 1]?.node.path);
          return true;
        case 'ArrowUp':
          focus(rows[index - 1]?.node.path);
          return true;
        case 'Home':
          focus(rows[0]?.node.path);
          return true;
        case 'End':
          focus(rows[rows.length - 1]?.node.path);
          return true;
        case 'ArrowRight':
          if (node.kind === 'folder') {
            if (!expanded.has(node.path)) toggle(node.path, true);
            else focus(node.children[0]?.path);
          }
          return true;
        case 'ArrowLeft':
          if (node.kind === 'folder' && expanded.has(node.path)) toggle(node.path, false);
          else focus(row.parent ?? undefined);
          return true;
        case 'Enter':
        case ' ':
          activate(node);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

  return (
    <Box
      as="ul"
      role="tree"
      aria-label="Files in this template"
      m="0"
      p="1"
      onKeyDown={onKeyDown}
      data-testid="file-tree"
    >
      {rows.map(({ node, level, setSize, position }) => {
        const open = node.kind === 'folder' && expanded.has(node.path);
        const isSelected = node.kind === 'file' && node.path === selected;
        return (
          // The tree is flat (every treeitem a child of the tree, its depth in aria-level), so an
          // item's name is its own text only, never its children's.
          <Box
            as="li"
            key={node.path}
            role="treeitem"
            aria-level={level}
            aria-setsize={setSize}
            aria-posinset={position}
            aria-expanded={node.kind === 'folder' ? open : undefined}
            aria-selected={node.kind === 'file' ? isSelected : undefined}
            data-path={node.path}
            tabIndex={node.path === tabStop ? 0 : -1}
            ref={(element: HTMLLIElement | null) => {
              if (element) items.current.set(node.path, element);
              else items.current.delete(node.path);
            }}
            onFocus={() => setFocused(node.path)}
            onClick={() => activate(node)}
            listStyleType="none"
            display="flex"
            alignItems="center"
            gap="1.5"
            ps={`${(level - 1) * 14 + 4}px`}
            pe="2"
            py="1"
            rounded="sm"
            cursor="pointer"
            fontFamily="mono"
            fontSize="sm"
            bg={isSelected ? 'purple.subtle' : undefined}
            color={isSelected ? 'purple.fg' : undefined}
            _hover={{ bg: isSelected ? 'purple.subtle' : 'bg.muted' }}
            outline="none"
            _focusVisible={{
              outline: '2px solid',
              outlineColor: 'purple.focusRing',
              outlineOffset: '-2px',
            }}
          >
            <Box as="span" w="3.5" flexShrink={0} aria-hidden="true" color="fg.muted">
              {node.kind === 'folder' && (open ? <LuChevronDown /> : <LuChevronRight />)}
            </Box>
            <Box
              as="span"
              flexShrink={0}
              aria-hidden="true"
              color={node.kind === 'folder' ? 'purple.fg' : 'fg.muted'}
            >
              {node.kind === 'folder' ? open ? <LuFolderOpen /> : <LuFolder /> : <LuFile />}
            </Box>
            <Text as="span" flex="1" truncate>
              {node.name}
            </Text>
            {node.kind === 'file' && (
              <Text as="span" aria-hidden="true" color="fg.muted" fontSize="xs" flexShrink={0}>
                {formatBytes(node.file.size)}
              </Text>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

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

interface ViewerProps {
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

function FileViewer({ mvpId, accessTier, listing, file }: ViewerProps) {
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
  const content = useMvpFileContent(mvpId, file.path, mustFetch);

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

export interface BundleFileTreeProps {
  mvpId: string;
  accessTier: AccessTier;
}

export function BundleFileTree({ mvpId, accessTier }: BundleFileTreeProps) {
  const { data, isPending, error } = useMvpFiles(mvpId);
  const root = useMemo(() => (data ? buildFileTree(data.files) : null), [data]);
  const [chosen, setChosen] = useState<string | null>(null);
  // The README first, else the package manifest, until the visitor picks a file.
  const selectedPath = chosen ?? data?.readme?.path ?? data?.package_manifest?.path ?? null;
  const selected = data?.files.find((file) => file.path === selectedPath) ?? null;

  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Code preview
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="3" data-testid="bundle-files">
          {isPending ? (
            <Stack gap="2">
              <Skeleton h="4" w="40%" />
              <Skeleton h="4" w="60%" />
              <Skeleton h="4" w="50%" />
            </Stack>
          ) : error ? (
            <Text color="fg.muted">
              {error instanceof ApiError && error.status === 409
                ? error.message
                : 'The file list of this template is not available right now.'}
            </Text>
          ) : (
            <Grid
              templateColumns={{ base: '1fr', md: 'minmax(14rem, 18rem) minmax(0, 1fr)' }}
              gap="4"
            >
              <Stack gap="2" minW="0">
                <Box
                  maxH={{ base: '16rem', md: '32rem' }}
                  overflowY="auto"
                  borderWidth="1px"
                  rounded="md"
                >
                  {root && (
                    <FileTree
                      root={root}
                      selected={selectedPath}
                      onSelect={(file) => setChosen(file.path)}
                    />
                  )}
                </Box>
                <Text fontSize="xs" color="fg.muted">
                  {data.truncated
                    ? `Showing the first ${data.files.length} files of a larger bundle.`
                    : `${data.files.length} ${data.files.length === 1 ? 'file' : 'files'} in the bundle.`}
                </Text>
              </Stack>
              {selected ? (
                <FileViewer mvpId={mvpId} accessTier={accessTier} listing={data} file={selected} />
              ) : (
                <Text color="fg.muted" fontSize="sm">
                  Choose a file to see its content.
                </Text>
              )}
            </Grid>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
