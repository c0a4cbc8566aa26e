/**
 * Code preview: the files of the template's bundle as a tree (from the manifest the
 * scan recorded; no download needed, nothing spent) beside a viewer. Everyone sees the tree, the
 * README (rendered as sanitized Markdown) and the package manifest; clicking any other text file
 * shows its content, highlighted, to callers who may download the template, and tells everyone
 * else why not with a way to subscribe or buy. Binary files say so.
 *
 * The tree is file-tree.tsx, the viewer file-viewer.tsx, the tree's model lib/file-tree.ts.
 *
 * The section sits far down the template page: its file list and its renderers (highlight.js,
 * marked, DOMPurify: the page's largest chunk) load once the visitor scrolls near it, not with the
 * page, so they take nothing from the gallery and the first screen (docs/architecture.md, Mobile
 * performance).
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useMemo, useState } from 'react';
import { Box, Card, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AccessTier } from '@contract/catalog';
import { ApiError } from '@/lib/api-error';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useTemplateFiles } from '../api/get-template-files';
import { buildFileTree } from '../lib/file-tree';
import { FileTree } from './file-tree';
import { FileViewer } from './file-viewer';

export interface BundleFileTreeProps {
  mvpId: string;
  accessTier: AccessTier;
}

export function BundleFileTree({ mvpId, accessTier }: BundleFileTreeProps) {
  const [sectionRef, near] = useNearViewport<HTMLDivElement>();
  const files = useTemplateFiles(mvpId, { enabled: near });
  const { data, isPending, error } = files;
  const root = useMemo(() => (data ? buildFileTree(data.files) : null), [data]);
  const [chosen, setChosen] = useState<string | null>(null);
  // The README first, else the package manifest, until the visitor picks a file.
  const selectedPath = chosen ?? data?.readme?.path ?? data?.package_manifest?.path ?? null;
  const selected = data?.files.find((file) => file.path === selectedPath) ?? null;

  return (
    <Stack gap="3" ref={sectionRef}>
      <Heading as="h2" size="lg" id="code-preview" scrollMarginTop="20">
        Code preview
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="3" data-testid="bundle-files">
          {!near ? (
            // Not asked for yet: room for the list, and nothing that reads as loading.
            <Box minH="24" />
          ) : isPending ? (
            <Stack gap="2">
              <Skeleton h="4" w="40%" />
              <Skeleton h="4" w="60%" />
              <Skeleton h="4" w="50%" />
            </Stack>
          ) : error instanceof ApiError && error.status === 409 ? (
            <Text color="fg.muted">{error.message}</Text>
          ) : error ? (
            <QueryError {...failedQueryProps(files)} testId="bundle-files-error" />
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
                <FileViewer
                  mvpId={mvpId}
                  accessTier={accessTier}
                  listing={data}
                  file={selected}
                  onOpenFile={(path) => {
                    setChosen(path);
                    document.getElementById('code-preview')?.scrollIntoView({ block: 'start' });
                  }}
                />
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
