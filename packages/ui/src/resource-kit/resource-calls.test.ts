import { QueryClient } from '@tanstack/react-query';
import type { AnyResource } from '@baridesk/contracts';
import { refreshResource } from './resource-calls';

/** Only the parts refreshResource reads. */
const resource = (name: string, shownIn?: string[]) => ({ name, shownIn }) as unknown as AnyResource;

describe('refreshResource', () => {
  const cached = (client: QueryClient, ...keys: string[][]) => {
    for (const key of keys) client.setQueryData(key, { data: [] });
  };
  const stale = (client: QueryClient, key: string[]) => client.getQueryState(key)?.isInvalidated;

  test("refreshes every query of the resource, and those of the resources that show its figures, and no other's", async () => {
    const client = new QueryClient();
    cached(client, ['banner-ad', 'list'], ['ad-set', 'list'], ['ad-set', 'show', '3'], ['discount-ad', 'list']);
    await refreshResource(client, resource('banner-ad', ['ad-set']));
    expect(stale(client, ['banner-ad', 'list'])).toBe(true);
    expect(stale(client, ['ad-set', 'list'])).toBe(true);
    expect(stale(client, ['ad-set', 'show', '3'])).toBe(true);
    expect(stale(client, ['discount-ad', 'list'])).toBe(false);
  });

  test('without shownIn, only its own', async () => {
    const client = new QueryClient();
    cached(client, ['tip', 'list'], ['ad-set', 'list']);
    await refreshResource(client, resource('tip'));
    expect(stale(client, ['tip', 'list'])).toBe(true);
    expect(stale(client, ['ad-set', 'list'])).toBe(false);
  });
});
