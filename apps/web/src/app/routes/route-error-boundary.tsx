import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

interface RouteErrorBoundaryProps {
  /** The boundary clears its error when this changes (the page's address). */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  errorKey: string | null;
}

/** After a new deployment, an open tab may ask for a page chunk that no longer exists. */
function isMissingChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script|Failed to fetch/i.test(error.message);
}

/** A page that fails to load or crashes shows this inside the shell, keeping header and footer. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.resetKey };
    // Navigating elsewhere gives the next page a fresh start.
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    const missingChunk = isMissingChunk(this.state.error);
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center" role="alert">
          <Title order={1}>Something went wrong</Title>
          <Text c="dimmed">
            {missingChunk
              ? 'A newer version of this site is available. Reload the page to continue.'
              : 'This page could not be shown. Try reloading it.'}
          </Text>
          <Group justify="center">
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <Button component={Link} to={paths.home} variant="default">
              Back to Home
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
}
