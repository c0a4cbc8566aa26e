/**
 * The last line under every page: a render that throws, or page code that still does not load
 * after the one reload (lib/chunk-reload.ts), shows a friendly page with a Reload button instead
 * of a blank one.
 */
import { Component, type ReactNode } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { isChunkLoadError, reloadPageOnce } from '../lib/chunk-reload';
import { ErrorPage } from './error-page';

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
      <ErrorPage
        testId="root-error"
        message="Something went wrong"
        action={
          <>
            <Text>
              This page could not be shown. Reloading usually fixes it, for example after the site
              was updated while it was open. If it keeps happening, please try again later.
            </Text>
            <Button alignSelf="start" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </>
        }
      />
    );
  }
}
