import { Component, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Heading, Spinner, Text } from '@baridesk/ui';
import type { RouteEntry } from '../routes/route-table';
import { NotFoundPage } from '../pages/not-found';
import { loadScreens, type RemoteRoutesModule } from './remotes';

type Screens = RemoteRoutesModule['screens'];

/** A page owned by a remote: loads the remote on first visit, and survives it failing. */
export function RemotePage({ entry }: { entry: RouteEntry }) {
  const [screens, setScreens] = useState<Screens | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(null);
    loadScreens(entry.remote).then(
      (loaded) => live && setScreens(loaded),
      (error: Error) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [entry.remote, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (failed) return <RemoteError onRetry={retry} />;
  if (!screens) return <Loading />;
  const Screen = screens[entry.path];
  if (!Screen) return <NotFoundPage />;
  return (
    <RemoteBoundary key={`${entry.path}:${attempt}`} onRetry={retry}>
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    </RemoteBoundary>
  );
}

function Loading() {
  return (
    <Box role="status" aria-live="polite" display="flex" alignItems="center" gap="3" p="8">
      <Spinner size="sm" />
      <Text>Loading…</Text>
    </Box>
  );
}

/** Shown in place of a page whose remote could not be fetched or crashed; the rest keeps working. */
export function RemoteError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" p="8" maxW="lg">
      <Heading as="h1" size="lg" mb="2">
        This part of BariDesk could not be loaded
      </Heading>
      <Text mb="4">Check your connection and try again. The rest of the app still works.</Text>
      <Button onClick={onRetry} colorPalette="brand">
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
    if (this.state.error) return <RemoteError onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
