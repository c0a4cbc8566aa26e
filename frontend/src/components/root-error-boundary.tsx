/**
 * The last line under every page: a render that throws, or page code that still does not load
 * after the one reload (lib/chunk-reload.ts), shows a friendly page with a Reload button instead
 * of a blank one. It is part of the shell, so it uses only the shell system's components
 * (chakra-theme.ts): not ErrorPage's alert, whose recipe comes with the pages' code, which is
 * exactly what may have failed to load.
 */
import { Component, type ReactNode } from 'react';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { isChunkLoadError, reloadPageOnce } from '../lib/chunk-reload';

interface RootErrorBoundaryProps {
  children: ReactNode;
}

interface RootErrorBoundaryState {
  failed: boolean;
  reloading: boolean;
}

export class RootErrorBoundary extends Component<RootErrorBoundaryProps, RootErrorBoundaryState> {
  override state: RootErrorBoundaryState = { failed: false, reloading: false };

  static getDerivedStateFromError(): Partial<RootErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // A chunk import that Vite did not announce (one without dependencies) lands here first.
    if (isChunkLoadError(error) && reloadPageOnce()) this.setState({ reloading: true });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return null;
    return (
      <Container maxW="3xl" py="16" role="alert" data-testid="root-error">
        <Stack gap="4" align="start">
          <Heading as="h1" size="xl">
            Something went wrong
          </Heading>
          <Text>
            This page could not be shown. Reloading usually fixes it, for example after the site was
            updated while it was open. If it keeps happening, please try again later.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Container>
    );
  }
}
