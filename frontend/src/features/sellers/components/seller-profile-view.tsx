import type { ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import {
  LuCalendar,
  LuDownload,
  LuGithub,
  LuGlobe,
  LuLinkedin,
  LuPackage,
  LuStar,
  LuTwitter,
} from 'react-icons/lu';
import type { TemplateSummary } from '@contract/catalog';
import { SELLER_FIGURES_TEXT } from '@contract/seller-figures';
import {
  SELLER_NOT_FOUND_MESSAGE,
  SELLER_PROFILE_FAILED_MESSAGE,
  type PublicSellerProfile,
} from '@contract/sellers';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useSeller } from '../api/get-seller';
import { NO_RATINGS_TEXT, formatCount, formatMonthYear, formatRating } from '@/lib/format';

function StatBox({
  icon,
  value,
  label,
  help,
}: {
  icon: ReactNode;
  value: string;
  label: string;
  /** What the figure counts, beneath its label. */
  help?: string;
}) {
  return (
    <Stack
      gap="1"
      p="4"
      borderWidth="1px"
      rounded="lg"
      align="center"
      data-testid={`seller-stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <Box color="purple.fg">{icon}</Box>
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {help && (
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
      )}
    </Stack>
  );
}

function Links({ seller }: { seller: PublicSellerProfile }) {
  const candidates: { href: string | null | undefined; label: string; icon: ReactNode }[] = [
    { href: seller.website_url, label: 'Website', icon: <LuGlobe /> },
    { href: seller.social_links.github, label: 'GitHub', icon: <LuGithub /> },
    { href: seller.social_links.twitter, label: 'Twitter', icon: <LuTwitter /> },
    { href: seller.social_links.linkedin, label: 'LinkedIn', icon: <LuLinkedin /> },
  ];
  const links = candidates.flatMap((link) => (link.href ? [{ ...link, href: link.href }] : []));
  if (links.length === 0) return null;
  return (
    <HStack gap="4" flexWrap="wrap">
      {links.map((link) => (
        <Link
          key={link.label}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          colorPalette="purple"
        >
          {link.icon} {link.label}
        </Link>
      ))}
    </HStack>
  );
}

function ErrorView({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string;
  onRetry?: () => void;
}) {
  return (
    <Container maxW="xl" py="24" textAlign="center">
      <Stack gap="4" align="center" data-testid="seller-error">
        <Heading as="h1" size="2xl">
          {message}
        </Heading>
        <Text color="fg.muted">
          {detail ?? 'The seller may not exist, or their profile is not public yet.'}
        </Text>
        <HStack gap="3">
          {onRetry && (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}

/** Avatar, name, handle, bio, membership and links. */
function SellerHeader({ profile }: { profile: PublicSellerProfile }) {
  const name = profile.display_name ?? profile.username;
  const memberSince = formatMonthYear(profile.member_since.slice(0, 7));
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      gap="6"
      align={{ base: 'center', md: 'flex-start' }}
    >
      <Avatar.Root size="2xl" colorPalette="purple">
        <Avatar.Fallback name={name} />
        {profile.profile_picture_url && (
          <Avatar.Image src={profile.profile_picture_url} alt={name} />
        )}
      </Avatar.Root>
      <Stack gap="2" textAlign={{ base: 'center', md: 'left' }} flex="1">
        <Heading as="h1" size="3xl">
          {name}
        </Heading>
        <Text color="fg.muted">@{profile.username}</Text>
        {profile.bio && <Text maxW="2xl">{profile.bio}</Text>}
        <HStack
          gap="2"
          color="fg.muted"
          fontSize="sm"
          justify={{ base: 'center', md: 'flex-start' }}
        >
          <LuCalendar /> <Text>Member since {memberSince}</Text>
        </HStack>
        <Links seller={profile} />
      </Stack>
    </Stack>
  );
}

/** Templates, downloads and rating, when the profile shows them. */
function SellerStats({ profile }: { profile: PublicSellerProfile }) {
  if (!profile.stats) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatBox icon={<LuPackage />} value={formatCount(profile.stats.mvp_count)} label="MVPs" />
      <StatBox
        icon={<LuDownload />}
        value={formatCount(profile.stats.total_downloads)}
        label="Total Downloads"
      />
      <StatBox
        icon={<LuStar />}
        value={
          profile.stats.rating_count > 0
            ? formatRating(profile.stats.average_rating)
            : NO_RATINGS_TEXT
        }
        label="Average Rating"
        help={SELLER_FIGURES_TEXT.ratings(profile.stats.rating_count)}
      />
    </SimpleGrid>
  );
}

/**
 * `/seller/{username}`: avatar, name, bio, stats, links and the seller's approved
 * templates; the card comes from the route (features stay apart).
 */
export function SellerProfileView({
  username,
  renderCard,
}: {
  username: string;
  renderCard: (template: TemplateSummary) => ReactNode;
}) {
  const seller = useSeller(username);

  if (seller.isPending) {
    return (
      <Container maxW="6xl" py="10">
        <Stack gap="6">
          <Skeleton height="32" rounded="xl" />
          <Skeleton height="64" rounded="xl" />
        </Stack>
      </Container>
    );
  }
  if (seller.isError) {
    const notFound = seller.error instanceof ApiError && seller.error.status === 404;
    return (
      <ErrorView
        message={notFound ? SELLER_NOT_FOUND_MESSAGE : SELLER_PROFILE_FAILED_MESSAGE}
        detail={notFound ? undefined : errorMessage(seller.error)}
        onRetry={notFound ? undefined : () => void seller.refetch()}
      />
    );
  }

  const profile = seller.data;
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="10">
        <SellerHeader profile={profile} />

        <SellerStats profile={profile} />

        <Stack gap="4">
          <Heading as="h2" size="xl">
            Published MVPs
          </Heading>
          {profile.mvps_error ? (
            <Alert.Root status="error" data-testid="seller-mvps-error">
              <Alert.Indicator />
              <Alert.Title flex="1">{profile.mvps_error}</Alert.Title>
              <Button size="sm" variant="outline" onClick={() => void seller.refetch()}>
                Try again
              </Button>
            </Alert.Root>
          ) : profile.mvps.length === 0 ? (
            <Stack
              gap="2"
              align="center"
              py="12"
              borderWidth="1px"
              rounded="xl"
              borderStyle="dashed"
            >
              <Heading as="h3" size="md">
                No Published MVPs Yet
              </Heading>
              <Text color="fg.muted">This seller has not published any templates yet.</Text>
            </Stack>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" data-testid="seller-mvps">
              {profile.mvps.map((template) => (
                <Box key={template.id}>{renderCard(template)}</Box>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
