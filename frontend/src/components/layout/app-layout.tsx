import { Suspense } from 'react';
import { Flex, Box } from '@chakra-ui/react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../page-spinner';
import { Footer } from './footer';
import { Header } from './header';

/** Header and footer around every page; route code loads inside, under the header. */
export function AppLayout() {
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <Header />
      <Box as="main" flex="1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Flex>
  );
}
