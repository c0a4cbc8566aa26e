/**
 * "Download again" beside a past download (buyer dashboard). Within the quota
 * period of the first download it spends nothing; after a reset it spends one download, like the
 * detail page's Download. What happened is said beside the button.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { errorMessage } from '@/lib/api-error';
import { useDownloadTemplate } from '../api/download-template';

export function DownloadAgainButton({ mvpId, title }: { mvpId: string; title: string }) {
  const download = useDownloadTemplate(mvpId);
  return (
    <HStack gap="2" flexShrink={0}>
      {download.isSuccess && (
        <Text fontSize="xs" color="fg.muted" role="status">
          {download.data.quotaSpent ? '1 download used' : 'No download used'}
        </Text>
      )}
      {download.isError && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {errorMessage(download.error)}
        </Text>
      )}
      <Button
        size="xs"
        variant="outline"
        colorPalette="purple"
        aria-label={`Download again: ${title}`}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        <LuDownload /> Download again
      </Button>
    </HStack>
  );
}
