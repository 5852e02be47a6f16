import { useEffect } from 'react';
import { bus } from '@baridesk/event-bus';
import { notify } from './toaster';

/** Shows every notice sent on the bus ('notify'), e.g. by the api-client or another remote. UiProvider calls it. */
export function useBusNotices(): void {
  useEffect(() => bus.on('notify', (notice) => void notify(notice)), []);
}
