import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { VersionEntry } from '@contract/catalog';
import { formatDate } from '@/lib/format';

const formatSize = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The template's versions that went live, newest first, with their changelogs and the day each went
 * live: buyers see what changed before they download again. A newer version still in review is
 * not among them.
 */
export function VersionHistory({ versions }: { versions: readonly VersionEntry[] }) {
  if (versions.length === 0) return null;
  return (
    <Stack gap="3" data-testid="version-history">
      <Heading as="h2" size="lg">
        Version history
      </Heading>
      <Stack as="ol" gap="4" listStyleType="none" ms="0">
        {versions.map((version, index) => (
          <Stack as="li" key={`${version.version_number}-${version.uploaded_at}`} gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">v{version.version_number}</Text>
              {index === 0 && (
                <Badge colorPalette="purple" variant="subtle">
                  Live
                </Badge>
              )}
              <Text color="fg.muted" textStyle="sm">
                {formatDate(version.released_at ?? version.uploaded_at)} ·{' '}
                {formatSize(version.file_size)}
              </Text>
            </HStack>
            {version.changelog && (
              <Text color="fg.muted" whiteSpace="pre-line">
                {version.changelog}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
