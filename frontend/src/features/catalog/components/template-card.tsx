import type { MouseEvent, ReactNode } from 'react';
import { Badge, Button, VisuallyHidden } from '@chakra-ui/react';
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
import * as styles from './template-card.module.css';

const CARD_TECH_TAGS = 3;

/** The preview image (a fallback when it fails to load), with the category and access badges. */
function CardCover({ mvp, eager }: { mvp: TemplateSummary; eager: boolean }) {
  return (
    <div className={styles.cover}>
      <img
        {...coverSources(mvp)}
        alt={`${mvp.title} preview`}
        className={styles.image}
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
      <div className={styles.access}>
        <LicenseLinkBadge variant="surface">
          {describeAccess(mvp.access_tier, mvp.price)}
        </LicenseLinkBadge>
      </div>
    </div>
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
    <div className={styles.figures}>
      {isRated(mvp.average_rating) ? (
        <div className={styles.figure} aria-label={describeRating(mvp.average_rating)}>
          <LuStar color="var(--chakra-colors-yellow-500)" fill="var(--chakra-colors-yellow-400)" />
          <span>{formatRating(mvp.average_rating)}</span>
        </div>
      ) : (
        <span data-testid="no-ratings">{NO_RATINGS_TEXT}</span>
      )}
      <div className={styles.figure} aria-label={`${formatCount(mvp.download_count)} downloads`}>
        <LuDownload />
        <span>{formatCount(mvp.download_count)}</span>
      </div>
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
    </div>
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
    <div className={styles.footer}>
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
    </div>
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
    <div
      className={styles.root}
      data-testid="mvp-card"
      data-mvp-id={mvp.id}
      onClick={() => navigate(detailHref)}
    >
      <CardCover mvp={mvp} eager={eager} />
      <div className={styles.body}>
        <div>
          <h3 className={styles.title} data-testid="mvp-card-title">
            <RouterLink to={detailHref} onClick={stop}>
              {highlight(mvp.title)}
            </RouterLink>
          </h3>
          <p className={styles.description}>{highlight(mvp.tagline)}</p>
        </div>
        <div className={styles.phoneOnly}>
          <LicenseLinkBadge variant="surface" size="sm">
            {describeAccess(mvp.access_tier, mvp.price)}
          </LicenseLinkBadge>
        </div>
        <div className={styles.wideOnly}>
          <TechTags techStack={mvp.tech_stack} max={CARD_TECH_TAGS} />
        </div>
        <CardFigures mvp={mvp} />
        <SecurityBadge mvp={mvp} href={`${detailHref}#security`} onClick={stop} />
        {showSeller && mvp.seller.username && (
          <p className={styles.seller}>
            by{' '}
            <RouterLink
              to={paths.seller.getHref(mvp.seller.username)}
              onClick={stop}
              className={styles.sellerLink}
            >
              @{mvp.seller.username}
            </RouterLink>
          </p>
        )}
      </div>
      <CardFooter mvp={mvp} detailHref={detailHref} onInnerClick={stop} />
    </div>
  );
}
