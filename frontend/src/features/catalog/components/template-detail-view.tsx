import {
  Badge,
  Button,
  Card,
  Container,
  DataList,
  Grid,
  Heading,
  HStack,
  Link,
  List,
  Separator,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  LuArrowLeft,
  LuCircleCheck,
  LuDownload,
  LuExternalLink,
  LuGithub,
  LuLock,
  LuStar,
} from 'react-icons/lu';
import { LICENSING_LABELS } from '@contract/browse-options';
import { FREE_TEMPLATE_TEXT } from '@contract/free-template';
import type { TemplateDetail } from '@contract/catalog';
import { TechTags } from '@/components/tech-tags';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth-session';
import { useTemplate, useRefreshTemplate } from '../api/get-template';
import { describeAccess, formatRating } from '../lib/card-format';
import { galleryImages } from '../lib/gallery-images';
import { DETAIL_MISSING_ID, describeDetailError, isTemplateMissing } from '../lib/detail-errors';
import { ImageGallery } from './image-gallery';
import { VersionHistory } from './version-history';
import {
  describeRating,
  formatCount,
  formatDate as formatDay,
  isRated,
  NO_RATINGS_TEXT,
} from '@/lib/format';
import { LicenseLinkBadge } from '@/components/licence-link-badge';
import * as recipes from '@/components/layout/recipes.module.css';
import * as styles from './template-detail-view.module.css';
import { ErrorPage } from '@/components/error-page';
import { QueryError } from '@/components/query-error';
import { SignInLink } from '@/components/sign-in-link';

const DETAIL_TECH_CHIPS = 5;

const formatDate = (iso: string | null): string => (iso ? formatDay(iso) : 'Not published');

function BackLink() {
  return (
    // Pulled left by the button's own padding, so the arrow lines up with the content below.
    <Button asChild variant="ghost" size="sm" mb="6" ms="-3.5">
      <RouterLink to={paths.browse.getHref()}>
        <LuArrowLeft /> Back to Browse
      </RouterLink>
    </Button>
  );
}

function DetailError({ message }: { message: string }) {
  return <ErrorPage message={message} testId="mvp-detail-error" py="12" before={<BackLink />} />;
}

/** The template could not be loaded: why, in the API's words, with Try again. */
function DetailLoadError({ query }: { query: ReturnType<typeof useTemplate> }) {
  return (
    <Container maxW="3xl" py="12">
      <BackLink />
      <QueryError
        error={query.error}
        message={describeDetailError(query.error)}
        onRetry={query.refetch}
        retrying={query.isFetching}
        testId="mvp-detail-error"
      />
    </Container>
  );
}

/** Anonymous visitors see everything but must sign in to download. */
function AccessPanel({ mvp }: { mvp: TemplateDetail }) {
  const { session } = useSession();
  return (
    <Card.Root variant="subtle">
      <Card.Body gap="3">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{describeAccess(mvp.access_tier, mvp.price)}</Text>
          <LicenseLinkBadge variant="outline">
            {LICENSING_LABELS[mvp.licensing_terms]}
          </LicenseLinkBadge>
        </HStack>
        {mvp.access_tier === 'free' && (
          <Text fontSize="sm" color="green.fg" fontWeight="medium" data-testid="free-download">
            {FREE_TEMPLATE_TEXT}
          </Text>
        )}
        {/* A link, not a second button: the Download button below stays the one call to action. */}
        {session.status === 'signedOut' && (
          <Text fontSize="sm" color="fg.muted" data-testid="sign-in-prompt">
            <LuLock style={{ display: 'inline', verticalAlign: 'middle' }} /> <SignInLink /> to
            download, review or deploy this template.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A full screen, as the page's loading fallback is (app-layout.tsx): a shorter skeleton let the
 * footer into a phone's view, and the page pushed it out again as it arrived (a layout shift).
 */
function DetailSkeleton() {
  return (
    <Container maxW="7xl" py="12" minH="100vh" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="10">
        <Skeleton aspectRatio={16 / 9} rounded="xl" />
        <Stack gap="4">
          <Skeleton h="8" w="80%" />
          <SkeletonText noOfLines={3} />
          <Skeleton h="24" />
        </Stack>
      </Grid>
    </Container>
  );
}

export interface TemplateDetailViewProps {
  mvpId: string | undefined;
  /**
   * Actions beside the summary (download, deploy…), composed by the route from other features;
   * `refresh` reads the template again after they changed it (a download counts).
   */
  renderActions?: (template: TemplateDetail, refresh: () => Promise<void>) => ReactNode;
  /** Sections below the description (code preview, reviews…), composed by the route. */
  renderSections?: (template: TemplateDetail, refresh: () => Promise<void>) => ReactNode;
}

/** `/mvp/:mvpId`: the template; the route composes actions and sections of other features. */
/** The category, version, title, tagline, rating and downloads at the top of the summary. */
function TemplateHeading({ mvp }: { mvp: TemplateDetail }) {
  return (
    <div className={styles.block}>
      <div className={styles.badges}>
        <Badge colorPalette="purple" variant="solid">
          {mvp.category}
        </Badge>
        <Badge variant="outline">v{mvp.version_number}</Badge>
      </div>
      <h1 className={styles.title}>{mvp.title}</h1>
      <p className={styles.tagline}>{mvp.tagline}</p>
      <div className={styles.figures}>
        {isRated(mvp.average_rating) ? (
          <div className={styles.figure} aria-label={describeRating(mvp.average_rating)}>
            <LuStar
              color="var(--chakra-colors-yellow-500)"
              fill="var(--chakra-colors-yellow-400)"
            />
            <span className={styles.rating}>{formatRating(mvp.average_rating)}</span>
          </div>
        ) : (
          <span>{NO_RATINGS_TEXT}</span>
        )}
        <div className={styles.figure}>
          <LuDownload />
          <span>{formatCount(mvp.download_count)} downloads</span>
        </div>
      </div>
    </div>
  );
}

/** What the template offers, one checked line each. */
function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Features
      </Heading>
      <List.Root gap="2" variant="plain">
        {features.map((feature) => (
          <List.Item key={feature}>
            <List.Indicator asChild color="green.fg">
              <LuCircleCheck />
            </List.Indicator>
            {feature}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/**
 * The live demo and a free template's repository, when the seller gave them. A paid template's
 * repository is not public: the download panel shows it to those whose licence covers it.
 */
function TemplateLinks({ mvp }: { mvp: TemplateDetail }) {
  return (
    <HStack gap="3" flexWrap="wrap">
      {mvp.demo_url && (
        <Button asChild variant="outline">
          <a href={mvp.demo_url} target="_blank" rel="noopener noreferrer">
            <LuExternalLink /> Live Demo
          </a>
        </Button>
      )}
      {mvp.github_url && (
        <Button asChild variant="outline">
          <a href={mvp.github_url} target="_blank" rel="noopener noreferrer">
            <LuGithub /> Repository
          </a>
        </Button>
      )}
    </HStack>
  );
}

/** The template's facts: category, version, seller, publication, downloads and rating. */
function TemplateFacts({ mvp }: { mvp: TemplateDetail }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      <DataList.Item>
        <DataList.ItemLabel>Category</DataList.ItemLabel>
        <DataList.ItemValue>{mvp.category}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Version</DataList.ItemLabel>
        <DataList.ItemValue>{mvp.version_number}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Seller</DataList.ItemLabel>
        <DataList.ItemValue>
          {mvp.seller.username ? (
            <Link asChild color="purple.fg">
              <RouterLink to={paths.seller.getHref(mvp.seller.username)}>
                @{mvp.seller.username}
              </RouterLink>
            </Link>
          ) : (
            (mvp.seller.display_name ?? 'Unknown seller')
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Published</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(mvp.published_at)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Downloads</DataList.ItemLabel>
        <DataList.ItemValue>{formatCount(mvp.download_count)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Rating</DataList.ItemLabel>
        <DataList.ItemValue>
          {isRated(mvp.average_rating)
            ? `${formatRating(mvp.average_rating)} / 5`
            : NO_RATINGS_TEXT}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

export function TemplateDetailView({
  mvpId,
  renderActions,
  renderSections,
}: TemplateDetailViewProps) {
  const query = useTemplate(mvpId);
  const { data, error } = query;
  // The page renders in a background render React slices, not in the query's urgent update (one
  // long task on a phone; docs/architecture.md, Mobile performance); the skeleton stays till then.
  const mvp = useDeferredValue(data);
  const refresh = useRefreshTemplate(mvpId);

  if (!mvpId) return <DetailError message={DETAIL_MISSING_ID} />;
  if (error) {
    return isTemplateMissing(error) ? (
      <DetailError message={describeDetailError(error)} />
    ) : (
      <DetailLoadError query={query} />
    );
  }
  if (mvp === undefined) return <DetailSkeleton />;

  return (
    <div className={styles.page} data-testid="mvp-detail">
      <BackLink />
      {/* On narrow screens the title, price and Download follow the images directly instead of
          coming after the description and reviews; on wide screens they sit beside both. */}
      <div className={styles.grid}>
        <div className={styles.gallery}>
          <ImageGallery images={galleryImages(mvp)} title={mvp.title} />
        </div>
        <div className={styles.body}>
          <div className={styles.block}>
            <h2 className={recipes.headingLg}>About this template</h2>
            <p className={styles.description}>{mvp.description}</p>
          </div>
          {mvp.features.length > 0 && <FeatureList features={mvp.features} />}
          <VersionHistory versions={mvp.version_history} />
          {renderSections?.(mvp, refresh)}
        </div>

        <div className={styles.summary}>
          <TemplateHeading mvp={mvp} />

          <AccessPanel mvp={mvp} />
          {renderActions?.(mvp, refresh)}

          <TechTags techStack={mvp.tech_stack} max={DETAIL_TECH_CHIPS} size="lg" />

          <TemplateLinks mvp={mvp} />

          <Separator />

          <TemplateFacts mvp={mvp} />
        </div>
      </div>
    </div>
  );
}
