/**
 * Code preview: the files inside the template's bundle as a tree, read from the zip's directory by
 * the API (no download needed, nothing spent). Folders come from the paths.
 */
import { Box, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuFile, LuFolder } from 'react-icons/lu';
import type { BundleFile } from '@contracts/downloads';
import { useMvpFiles } from '../api/get-mvp-files';

interface TreeNode {
  name: string;
  size: number | null;
  children: Map<string, TreeNode>;
}

/** Paths to a tree; folders first, then files, each alphabetically. */
export function buildFileTree(files: readonly BundleFile[]): TreeNode {
  const root: TreeNode = { name: '', size: null, children: new Map() };
  for (const file of files) {
    const parts = file.path.split('/').filter(Boolean);
    let node = root;
    parts.forEach((part, index) => {
      const isFile = index === parts.length - 1;
      let child = node.children.get(part);
      if (!child) {
        child = { name: part, size: isFile ? file.size : null, children: new Map() };
        node.children.set(part, child);
      }
      node = child;
    });
  }
  return root;
}

export const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const sorted = (node: TreeNode) =>
  [...node.children.values()].sort((a, b) => {
    const aFolder = a.size === null ? 0 : 1;
    const bFolder = b.size === null ? 0 : 1;
    return aFolder - bFolder || a.name.localeCompare(b.name);
  });

function TreeRows({ node, depth }: { node: TreeNode; depth: number }) {
  return (
    <>
      {sorted(node).map((child) => (
        <Box key={child.name} role="treeitem" aria-label={child.name}>
          <HStack gap="2" ps={`${depth * 16}px`} py="0.5" fontFamily="mono" fontSize="sm">
            {child.size === null ? <LuFolder color="var(--chakra-colors-purple-fg)" /> : <LuFile />}
            <Text as="span" flex="1" truncate>
              {child.name}
            </Text>
            {child.size !== null && (
              <Text as="span" color="fg.muted" fontSize="xs">
                {formatBytes(child.size)}
              </Text>
            )}
          </HStack>
          {child.size === null && <TreeRows node={child} depth={depth + 1} />}
        </Box>
      ))}
    </>
  );
}

export function BundleFileTree({ mvpId }: { mvpId: string }) {
  const { data, isPending, error } = useMvpFiles(mvpId);
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Code preview
      </Heading>
      <Card.Root variant="outline">
        <Card.Body py="3" data-testid="bundle-files">
          {isPending ? (
            <Stack gap="2">
              <Skeleton h="4" w="40%" />
              <Skeleton h="4" w="60%" />
              <Skeleton h="4" w="50%" />
            </Stack>
          ) : error ? (
            <Text color="fg.muted">The file list of this template is not available right now.</Text>
          ) : (
            <Stack gap="2">
              <Box role="tree" aria-label="Files in this template" maxH="80" overflowY="auto">
                <TreeRows node={buildFileTree(data.files)} depth={0} />
              </Box>
              <Text fontSize="xs" color="fg.muted">
                {data.truncated
                  ? `Showing the first ${data.files.length} files of a larger bundle.`
                  : `${data.files.length} ${data.files.length === 1 ? 'file' : 'files'} in the bundle.`}
              </Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
