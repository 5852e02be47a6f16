import { lazy, type ComponentType } from 'react';

/** The screens of this remote, keyed by their path in the shell's route table. */
export const screens = {
  '/message-templates': lazy(() => import('./features/message-templates/components/message-templates-screen')),
} satisfies Record<string, ComponentType>;
