import { act } from '@testing-library/react';
import { toaster } from '@baridesk/ui';

/**
 * Removes every notice. The toaster is one store for the whole test file (as for the whole app), so a
 * notice of one test would otherwise still show in the next.
 */
export const clearNotices = () => act(() => toaster.remove());
