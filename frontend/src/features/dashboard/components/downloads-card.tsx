import { QueryError } from '@/components/query-error';
import { failedQueryProps, type FailedQuery } from '@/lib/query-retry';
import type { ReactNode } from 'react';
import { Card, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { MyDownload } from '@contract/downloads';
import type { Profile } from '@contract/profile';
import { paths } from '@/config/paths';
import { formatDate, quotaText } from '../lib/format';

export interface DownloadsCardProps {
  profile: Pick<Profile, 'downloads_remaining' | 'download_quota'>;
  downloads: readonly MyDownload[] | undefined;
  /** The query, when it failed: its words and Try again take the data's place. */
  failed: FailedQuery | undefined;
  /** An action beside each download ("Download again", from the downloads feature). */
  renderAction?: (download: MyDownload) => ReactNode;
}

/** Downloads left this month and the downloads so far, each linking to its template. */
export function DownloadsCard({ profile, downloads, failed, renderAction }: DownloadsCardProps) {
  return (
    <Card.Root variant="outline" data-testid="downloads">
      <Card.Header>
        <Heading size="md">Downloads</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Stack gap="0">
          <Text fontSize="2xl" fontWeight="bold" data-testid="downloads-remaining">
            {quotaText(profile.downloads_remaining, profile.download_quota)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            downloads remaining this month
          </Text>
        </Stack>
        {failed ? (
          <QueryError
            {...failedQueryProps(failed)}
            title="Failed to load download data"
            testId="downloads-error"
          />
        ) : !downloads ? (
          <Text color="fg.muted">Loading…</Text>
        ) : downloads.length === 0 ? (
          <Text color="fg.muted">
            No downloads yet.{' '}
            <Link asChild colorPalette="purple">
              <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
            </Link>
          </Text>
        ) : (
          <Stack as="ul" gap="3" aria-label="Your downloads">
            {downloads.map((download) => (
              <HStack as="li" key={download.id} gap="3" data-testid="download-row">
                {download.mvp.preview_images[0] && (
                  <Image
                    src={download.mvp.preview_images[0]}
                    alt=""
                    boxSize="10"
                    objectFit="cover"
                    borderRadius="md"
                  />
                )}
                <Stack gap="0" flex="1" minW="0">
                  <Link asChild colorPalette="purple" fontWeight="medium">
                    <RouterLink to={paths.mvp.getHref(download.mvp_id)}>
                      {download.mvp.title}
                    </RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    Version {download.mvp.version_number} · {formatDate(download.downloaded_at)}
                  </Text>
                </Stack>
                {renderAction?.(download)}
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
