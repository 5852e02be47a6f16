import { routeAt } from './preload-page';

test.each([
  ['/login', '/login'],
  ['/dashboard', '/dashboard'],
  ['/patient-detail/12', '/patient-detail/:id'],
  ['/patient-detail/12/edit', '/patient-detail/:id/edit'],
])('%s is the page %s', (pathname, path) => {
  expect(routeAt(pathname)?.path).toBe(path);
});

test('a path the app does not have has no page to fetch', () => {
  expect(routeAt('/no-such-page')).toBeUndefined();
  expect(routeAt('/patient-detail')).toBeUndefined();
});
