/**
 * Renders for a test as the apps show things: inside UiProvider (the theme and the notices). The ui
 * package's own tests use it directly; `renderScreen` of @baridesk/testing builds on it (adding a
 * QueryClient, a router and the store) through `@baridesk/ui/test/render-ui`. Test code only.
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { act, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '../ui-provider';

/** user-event's options, e.g. `{ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }` under fake timers. */
export type UserEventOptions = NonNullable<Parameters<typeof userEvent.setup>[0]>;

export type RenderUiOptions = {
  userEvent?: UserEventOptions;
  /** What goes between UiProvider and the element, e.g. a QueryClientProvider and a router. */
  wrapper?: ComponentType<{ children: ReactNode }>;
};

/**
 * Renders `element` inside UiProvider (and `wrapper`); gives user-event's `user` and the render result,
 * whose `rerender` keeps the providers. Zag (Chakra) starts the Toaster's state machine in a microtask
 * after mount: rendering inside an awaited act() lets that happen before the test goes on.
 */
export async function renderUi(element: ReactElement, { userEvent: userOptions, wrapper: Inner }: RenderUiOptions = {}) {
  const user = userEvent.setup(userOptions);
  const wrapper = ({ children }: { children: ReactNode }) => <UiProvider>{Inner ? <Inner>{children}</Inner> : children}</UiProvider>;
  let view!: RenderResult;
  await act(async () => {
    view = render(element, { wrapper });
  });
  return { user, ...view };
}

/**
 * Presses Escape in an open dialog once it is set up: Zag listens for the key when the dialog has taken
 * the focus, and on a loaded machine a key pressed before that is lost.
 */
export async function pressEscapeIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
}

/**
 * Chooses Delete for the row named `name` as a user does: its "More actions" menu (⋯), then "Delete…"
 * (RowActions keeps Delete out of the row). Looks for the row's button inside `container` when given.
 */
export async function chooseRowDelete(user: ReturnType<typeof userEvent.setup>, name: string, container: HTMLElement = document.body) {
  await user.click(within(container).getByRole('button', { name: `More actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
}

/**
 * Chooses `option` (its text or value) in the native `select` once its options have arrived: a select
 * filled from an answer is disabled, with only its placeholder, until then, and on a loaded machine the
 * answer can come after the select itself is on the screen.
 */
export async function chooseOption(user: ReturnType<typeof userEvent.setup>, select: HTMLElement | Promise<HTMLElement>, option: string) {
  const element = await select;
  await waitFor(() => {
    expect(element).toBeEnabled();
    const options = within(element).queryAllByRole('option', { hidden: true }) as HTMLOptionElement[];
    expect(options.some((o) => o.value === option || o.textContent === option)).toBe(true);
  });
  await user.selectOptions(element, option);
}
