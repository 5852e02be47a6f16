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

test('the zoom lasts 200 ms and is switched off for reduced motion', async () => {
  await renderUi(
    <PageTransition locationKey="a">
      <p>page</p>
    </PageTransition>,
  );
  const frame = screen.getByText('page').parentElement!;
  expect(getComputedStyle(frame).animationDuration).toBe('200ms');
  const className = Array.from(frame.classList).find((name) => name.startsWith('css-'));
  const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText));
  const reduced = rules.find((rule) => rule.includes('prefers-reduced-motion') && rule.includes(`.${className}`));
  expect(reduced).toMatch(/animation: none/);
});
