import { Component, type ReactNode } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { Box, Button, Heading, Text } from '@baridesk/ui';
import type { RouteEntry } from '../routes/route-table';
import { NotFoundPage } from '../pages/not-found';
import { screenFor, type PageLoad } from './remotes';

/**
 * A page owned by a remote. Its loader (routes/router.tsx) has already fetched the screen's code, so it
 * renders at once; a remote that failed to load, or a screen that crashed, shows an error with a retry.
 */
export function RemotePage({ entry }: { entry: RouteEntry }) {
  const load = useLoaderData() as PageLoad | undefined;
  const revalidator = useRevalidator();
  const retry = () => void revalidator.revalidate();
  const Screen = screenFor(entry.path);

  if (load?.status === 'missing') return <NotFoundPage />;
  if (load?.status === 'failed' || !Screen) return <RemoteError onRetry={retry} retrying={revalidator.state === 'loading'} />;
  return (
    <RemoteBoundary key={entry.path} onRetry={retry}>
      <Screen />
    </RemoteBoundary>
  );
}

/** Shown in place of a page whose remote could not be fetched or crashed; the rest keeps working. */
export function RemoteError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Box role="alert" p="8" maxW="lg">
      <Heading as="h1" size="lg" mb="2">
        This part of BariDesk could not be loaded
      </Heading>
      <Text mb="4">Check your connection and try again. The rest of the app still works.</Text>
      <Button onClick={onRetry} colorPalette="brand" loading={retrying}>
        Retry
      </Button>
    </Box>
  );
}

class RemoteBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('A remote page crashed', error);
  }
  override render() {
    if (this.state.error) {
      return (
        <RemoteError
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
