import type { ComponentType } from 'react';

/**
 * What a remote's `./routes` module exports as `screens`: for each path of the shell's route table it
 * owns, a function that loads that screen's code (`() => import('./features/…')`). The shell calls it
 * while the navigation is pending, so the page renders complete, without a loading flash.
 */
export type ScreenLoaders = Record<string, () => Promise<{ default: ComponentType }>>;
