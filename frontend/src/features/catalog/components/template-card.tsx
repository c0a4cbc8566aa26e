import type { MouseEvent, ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  HStack,
  Image,
  Link,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LuDownload, LuExternalLink, LuGithub, LuStar } from 'react-icons/lu';
import { BUILD_OUTCOME_PALETTES, cardBuildText } from '@contract/build-words';
import type { TemplateSummary } from '@contract/catalog';
import { FREE_TEMPLATE_TEXT } from '@contract/free-template';
import { TechTags } from '@/components/tech-tags';
import { paths } from '@/config/paths';
import {
  coverImage,
  coverSources,
  describeAccess,
  FALLBACK_PREVIEW_IMAGE,
  formatRating,
  securityBadgeLabel,
} from '../lib/card-format';
import { describeRating, formatCount, isRated, NO_RATINGS_TEXT } from '@/lib/format';
import { LicenseLinkBadge } from '@/components/licence-link-badge';

const CARD_TECH_TAGS = 3;

/** The preview image (a fallback when it fails to load), with the category and access badges. */
function CardCover({ mvp, eager }: { mvp: TemplateSummary; eager: boolean }) {
  return (
    <Box position="relative" w={{ base: '28', md: 'full' }} flexShrink="0">
      <Image
        {...coverSources(mvp)}
        alt={`${mvp.title} preview`}
        aspectRatio={{ base: 1, md: 16 / 9 }}
        h={{ base: 'full', md: 'auto' }}
        w="full"
        objectFit="cover"
        bg="bg.muted"
        // The first cards are in view at once: their images load with the page, not after it.
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        onError={({ currentTarget: image }) => {
          // A missing rendition falls back to the original, the original to the bundled image.
          const next = image.srcset ? coverImage(mvp.preview_images) : FALLBACK_PREVIEW_IMAGE;
          image.srcset = '';
          if (!image.src.endsWith(next)) image.src = next;
        }}
      />
      <Badge
        position="absolute"
        top="3"
        left="3"
        colorPalette="purple"
        variant="solid"
        display={{ base: 'none', md: 'inline-flex' }}
      >
        {mvp.category}
      </Badge>
      <Box position="absolute" top="3" right="3" display={{ base: 'none', md: 'block' }}>
        <LicenseLinkBadge variant="surface">
          {describeAccess(mvp.access_tier, mvp.price)}
        </LicenseLinkBadge>
      </Box>
    </Box>
  );
}

/**
 * The live version's build: "Builds with npm" (green), "Build failed" (red), "Not built" (grey);
 * nothing when it has no build yet. The template page has the figures and the reason. A plain
 * badge with its words in view (no icon, no tooltip): the home page's script budget is nearly
 * spent.
 */
function CardBuildBadge({ build }: { build: TemplateSummary['build'] }) {
  if (!build) return null;
  return (
    <Badge
      colorPalette={BUILD_OUTCOME_PALETTES[build.outcome]}
      variant="subtle"
      data-testid="card-build"
    >
      {cardBuildText(build)}
    </Badge>
  );
}

/**
 * The rating, the download count, the live version's build and, for a free template, that it
 * spends no quota.
 */
function CardFigures({ mvp }: { mvp: TemplateSummary }) {
  return (
    <HStack gap="4" rowGap="1.5" flexWrap="wrap" fontSize="sm" color="fg.muted">
      {isRated(mvp.average_rating) ? (
        <HStack gap="1" aria-label={describeRating(mvp.average_rating)}>
          <LuStar color="var(--chakra-colors-yellow-500)" fill="var(--chakra-colors-yellow-400)" />
          <Text as="span">{formatRating(mvp.average_rating)}</Text>
        </HStack>
      ) : (
        <Text as="span" data-testid="no-ratings">
          {NO_RATINGS_TEXT}
        </Text>
      )}
      <HStack gap="1" aria-label={`${formatCount(mvp.download_count)} downloads`}>
        <LuDownload />
        <Text as="span">{formatCount(mvp.download_count)}</Text>
      </HStack>
      <CardBuildBadge build={mvp.build} />
      {/* Free templates spend none of the quota: said where people choose (on a phone the
          row's access badge already says "Free"). */}
      {mvp.access_tier === 'free' && (
        <Badge
          display={{ base: 'none', md: 'inline-flex' }}
          colorPalette="green"
          variant="subtle"
          title={FREE_TEMPLATE_TEXT}
          data-testid="free-download"
        >
          Free download
        </Badge>
      )}
    </HStack>
  );
}

/**
 * Only when the live version has a critical or high vulnerability (moderate and low ones are on the
 * template page, beside its buttons); a link to the template page's Security section, which has
 * the details. The words carry the severity, the colour only repeats it.
 */
function SecurityBadge({
  mvp,
  href,
  onClick,
}: {
  mvp: TemplateSummary;
  /** The template page's Security section. */
  href: string;
  onClick: (event: MouseEvent) => void;
}) {
  if (!mvp.security_badge) return null;
  const label = securityBadgeLabel(mvp.security_badge);
  return (
    <Badge
      asChild
      colorPalette={mvp.security_badge === 'critical' ? 'red' : 'orange'}
      variant="subtle"
      alignSelf="start"
      data-testid="security-badge"
      data-severity={mvp.security_badge}
    >
      <RouterLink to={href} onClick={onClick}>
        {label}
        <VisuallyHidden>
          {' '}
          in the live version’s dependencies: see the Security section
        </VisuallyHidden>
      </RouterLink>
    </Badge>
  );
}

interface CardFooterProps {
  mvp: TemplateSummary;
  detailHref: string;
  /** Keeps a button's click from also opening the card. */
  onInnerClick: (event: MouseEvent) => void;
}

/** Demo, Source (free templates) and View Details; hidden on a phone's compact row. */
function CardFooter({ mvp, detailHref, onInnerClick }: CardFooterProps) {
  return (
    <Card.Footer
      gap="2"
      px="5"
      pb="5"
      pt="0"
      flexWrap="wrap"
      display={{ base: 'none', md: 'flex' }}
    >
      {mvp.demo_url && (
        <Button asChild size="sm" variant="outline" onClick={onInnerClick}>
          <a href={mvp.demo_url} target="_blank" rel="noopener noreferrer">
            <LuExternalLink /> Demo
          </a>
        </Button>
      )}
      {mvp.access_tier === 'free' && mvp.github_url && (
        <Button asChild size="sm" variant="outline" onClick={onInnerClick}>
          <a href={mvp.github_url} target="_blank" rel="noopener noreferrer">
            <LuGithub /> Source
          </a>
        </Button>
      )}
      <Button asChild size="sm" colorPalette="purple" ml="auto" onClick={onInnerClick}>
        <RouterLink to={detailHref}>View Details</RouterLink>
      </Button>
    </Card.Footer>
  );
}

/**
 * The template card: the whole card opens the detail page. On a phone it is a
 * compact row (a square thumbnail beside title, tagline, price and figures; its title is the link),
 * so a page of results is a short scroll; from `md` it is the full card with tags and buttons.
 * `showSeller`: the "by @name" line; off on the seller's own profile page, where every card is
 * theirs. `eager`: a card in the first screen, whose image loads at once and first. `highlight`:
 * how the title and tagline show the words a search matched (browse with search text).
 */
export function TemplateCard({
  mvp,
  showSeller = true,
  eager = false,
  highlight = String,
}: {
  mvp: TemplateSummary;
  showSeller?: boolean;
  eager?: boolean;
  highlight?: (text: string) => ReactNode;
}) {
  const navigate = useNavigate();
  const detailHref = paths.mvp.getHref(mvp.id);
  // Inner links and buttons act on their own, without also opening the card.
  const stop = (event: MouseEvent) => event.stopPropagation();

  return (
    <Card.Root
      data-testid="mvp-card"
      data-mvp-id={mvp.id}
      // Fills its grid cell, so cards in a row are equally tall and their buttons line up.
      h="full"
      flexDirection={{ base: 'row', md: 'column' }}
      overflow="hidden"
      variant="outline"
      cursor="pointer"
      transition="transform .15s, box-shadow .15s"
      _hover={{ transform: 'translateY(-2px)', shadow: 'lg' }}
      onClick={() => navigate(detailHref)}
    >
      <CardCover mvp={mvp} eager={eager} />
      <Card.Body gap={{ base: '1.5', md: '3' }} p={{ base: '3', md: '5' }} minW="0">
        <Box>
          <Card.Title
            as="h3"
            lineClamp={1}
            data-testid="mvp-card-title"
            fontSize={{ base: 'md', md: 'lg' }}
          >
            <RouterLink to={detailHref} onClick={stop}>
              {highlight(mvp.title)}
            </RouterLink>
          </Card.Title>
          <Card.Description lineClamp={{ base: 1, md: 2 }} mt="1">
            {highlight(mvp.tagline)}
          </Card.Description>
        </Box>
        <Box display={{ base: 'block', md: 'none' }}>
          <LicenseLinkBadge variant="surface" size="sm">
            {describeAccess(mvp.access_tier, mvp.price)}
          </LicenseLinkBadge>
        </Box>
        <Box display={{ base: 'none', md: 'block' }}>
          <TechTags techStack={mvp.tech_stack} max={CARD_TECH_TAGS} />
        </Box>
        <CardFigures mvp={mvp} />
        <SecurityBadge mvp={mvp} href={`${detailHref}#security`} onClick={stop} />
        {showSeller && mvp.seller.username && (
          <Text fontSize="sm" color="fg.muted" display={{ base: 'none', md: 'block' }}>
            by{' '}
            <Link asChild color="purple.fg" onClick={stop}>
              <RouterLink to={paths.seller.getHref(mvp.seller.username)}>
                @{mvp.seller.username}
              </RouterLink>
            </Link>
          </Text>
        )}
      </Card.Body>
      <CardFooter mvp={mvp} detailHref={detailHref} onInnerClick={stop} />
    </Card.Root>
  );
}
