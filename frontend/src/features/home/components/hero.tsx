import { Badge, Button, Skeleton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuArrowRight, LuRocket } from 'react-icons/lu';
import { AVERAGE_HOURS_TO_LAUNCH, SUCCESS_RATE_PERCENT } from '@contract/stats';
import { paths } from '@/config/paths';
import { useHomeStats } from '../api/get-stats';
import { formatCount } from '@/lib/format';
import * as styles from './home.module.css';

function Stat({ value, label, loading }: { value: string; label: string; loading?: boolean }) {
  return (
    <div
      className={styles.stat}
      data-testid={`hero-stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <Skeleton loading={Boolean(loading)} minW="16">
        <p className={styles.statValue}>{value}</p>
      </Skeleton>
      <p className={styles.caption}>{label}</p>
    </div>
  );
}

/**
 * The home hero with live stats (completed deployments, approved templates) and fixed figures.
 * "MVPs Launched" is left out while it is 0.
 */
export function Hero() {
  const stats = useHomeStats();
  const live = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  const launched = stats.data?.mvps_launched;
  return (
    <section className={styles.hero}>
      <div className={styles.heroContainer}>
        <div className={styles.heroStack}>
          <Badge colorPalette="purple" variant="surface" size="lg" rounded="full" px="3">
            <LuRocket /> Launch faster with proven starters
          </Badge>
          <h1 className={styles.heroTitle}>
            Ship your MVP in hours, <span className={styles.accent}>not months</span>
          </h1>
          <p className={styles.heroLead}>
            Browse production-ready MVP templates built by experienced developers. Subscribe,
            download the source, and launch your idea with authentication, payments and a polished
            UI already in place.
          </p>
          <div className={styles.heroActions}>
            <Button asChild size="lg" colorPalette="purple">
              <RouterLink to={paths.browse.getHref()}>
                Browse MVPs <LuArrowRight />
              </RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={paths.sellerSignup.getHref()}>Become a Seller</RouterLink>
            </Button>
          </div>
          <div className={launched === 0 ? styles.statsThree : styles.stats}>
            {/* A bare 0 reads as "nobody uses this": the stat waits for the first launch. */}
            {launched !== 0 && (
              <Stat value={live(launched)} label="MVPs Launched" loading={stats.isPending} />
            )}
            <Stat value={live(stats.data?.templates)} label="Templates" loading={stats.isPending} />
            <Stat value={String(AVERAGE_HOURS_TO_LAUNCH)} label="Avg. Hours to Launch" />
            <Stat value={`${SUCCESS_RATE_PERCENT}%`} label="Success Rate" />
          </div>
        </div>
      </div>
    </section>
  );
}
