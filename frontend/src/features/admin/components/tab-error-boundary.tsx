/**
 * One tab's failure stays in its tab: a chunk that does not load or a render that throws shows
 * an alert with Try again, and the other tabs (and the header) keep working.
 */
import { Component, type ReactNode } from 'react';
import { Alert, Button } from '@chakra-ui/react';

interface TabErrorBoundaryProps {
  children: ReactNode;
}

interface TabErrorBoundaryState {
  failed: boolean;
}

export class TabErrorBoundary extends Component<TabErrorBoundaryProps, TabErrorBoundaryState> {
  override state: TabErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): TabErrorBoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert.Root status="error" data-testid="admin-tab-error" aria-busy={false}>
        <Alert.Indicator />
        <Alert.Title>This tab could not be shown.</Alert.Title>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          alignSelf="center"
          onClick={() => this.setState({ failed: false })}
        >
          Try again
        </Button>
      </Alert.Root>
    );
  }
}
