import { useState } from 'react';
import { screen } from '@testing-library/react';
import { PageTransition } from './page-transition';
import { renderUi } from './test/render-ui';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

test('renders the page and starts it afresh (new animation) when the location changes', async () => {
  const { user, rerender } = await renderUi(
    <PageTransition locationKey="a">
      <Counter />
    </PageTransition>,
  );
  await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
  const before = screen.getByRole('button', { name: 'Clicked 1' }).parentElement;
  expect(before).toHaveAttribute('data-page-transition');

  rerender(
    <PageTransition locationKey="a">
      <Counter />
    </PageTransition>,
  );
  expect(screen.getByRole('button', { name: 'Clicked 1' }).parentElement).toBe(before);

  rerender(
    <PageTransition locationKey="b">
      <Counter />
    </PageTransition>,
  );
  const after = screen.getByRole('button', { name: 'Clicked 0' }).parentElement;
  expect(after).not.toBe(before);
});

const frameOf = (text: string) => screen.getByText(text).parentElement!;

test('the page a load opens with is shown at once; a later page zooms in for 200 ms', async () => {
  const { rerender } = await renderUi(
    <PageTransition locationKey="a">
      <p>first page</p>
    </PageTransition>,
  );
  const first = getComputedStyle(frameOf('first page'));
  expect(first.animationName).toBe('');
  expect(first.animationDuration).toBe('');

  rerender(
    <PageTransition locationKey="b">
      <p>second page</p>
    </PageTransition>,
  );
  const second = getComputedStyle(frameOf('second page'));
  expect(second.animationName).toMatch(/fade-in/);
  expect(second.animationDuration).toBe('200ms');

  // Back to the first location: a page change like any other.
  rerender(
    <PageTransition locationKey="a">
      <p>first page</p>
    </PageTransition>,
  );
  expect(getComputedStyle(frameOf('first page')).animationDuration).toBe('200ms');
});

test('the zoom is switched off for reduced motion', async () => {
  const { rerender } = await renderUi(
    <PageTransition locationKey="a">
      <p>page</p>
    </PageTransition>,
  );
  rerender(
    <PageTransition locationKey="b">
      <p>page</p>
    </PageTransition>,
  );
  const frame = frameOf('page');
  expect(getComputedStyle(frame).animationDuration).toBe('200ms');
  const className = Array.from(frame.classList).find((name) => name.startsWith('css-'));
  const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText));
  const reduced = rules.find((rule) => rule.includes('prefers-reduced-motion') && rule.includes(`.${className}`));
  expect(reduced).toMatch(/animation: none/);
});
