import { Center, Spinner } from '@chakra-ui/react';

/** Shown while a route's code or a page's first data loads. */
export function PageSpinner() {
  return (
    <Center minH="50vh" role="status" aria-label="Loading">
      <Spinner size="lg" color="purple.solid" />
    </Center>
  );
}
