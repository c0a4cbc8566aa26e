import { Suspense, useState } from 'react';
import { Flex, Box } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { shouldShowLaunchOverlay } from '@/features/launch';
import { lazyPage } from '@/lib/lazy-page';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { PageSpinner } from '../page-spinner';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';

// Its own chunk: after the launch (the usual case) no visitor downloads it. Its form needs the
// page recipes, which load with it.
const LaunchOverlay = lazyPage(() =>
  import('@/features/launch/components/launch-overlay').then((module) => ({
    default: module.LaunchOverlay,
  })),
);

/**
 * Before the configured launch moment, the launch overlay over every page (decided once per page
 * load, so the countdown can turn into 'WE ARE LIVE!' while the page stays open).
 */
function LaunchGate() {
  const location = useLocation();
  const { launchAt } = getRuntimeConfig();
  const [dismissed, setDismissed] = useState(false);
  const [startsBlocked] = useState(() =>
    shouldShowLaunchOverlay({
      launchAt,
      now: Date.now(),
      pathname: location.pathname,
      search: location.search,
    }),
  );
  if (!startsBlocked || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <LaunchOverlay launchAt={launchAt} onEnter={() => setDismissed(true)} />
    </Suspense>
  );
}

/** Header and footer around every page; route code loads inside, under the header. */
export function AppLayout() {
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <LaunchGate />
      <Header />
      <Box as="main" flex="1">
        <Suspense
          fallback={
            // A full screen while a page's code loads keeps the footer below the fold, so it does
            // not jump down when the page arrives (it was /mvps's whole layout shift).
            <Box minH="100vh">
              <PageSpinner />
            </Box>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Flex>
  );
}
