import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@baridesk/api-client';
import type { ContentPageDefinition, ContentPageResponse, ContentPageSavedResponse, ContentPageUpdateBody } from '@baridesk/contracts';

export const contentPageKey = (definition: ContentPageDefinition) => ['content-page', definition.key] as const;

/** The program's page (GET /api/content/<key>, or the support group's menu data). */
export const contentPageQueryOptions = (definition: ContentPageDefinition) =>
  queryOptions({
    queryKey: contentPageKey(definition),
    queryFn: ({ signal }) => getJson<ContentPageResponse>(`content/${definition.path}`, { signal }).then((response) => response.data),
  });

export const useContentPage = (definition: ContentPageDefinition) => useQuery(contentPageQueryOptions(definition));

/** The page types save at …/update; the menu data at its own path (the spec's GET and POST menu-data). */
const savePathOf = (definition: ContentPageDefinition) => (definition.path === definition.key ? `content/${definition.path}/update` : `content/${definition.path}`);

/** Saves the page's form; the answer is the saved page, which becomes the query's data at once. */
export function useSaveContentPage(definition: ContentPageDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentPageUpdateBody) => postJson<ContentPageSavedResponse>(savePathOf(definition), body),
    onSuccess: (saved) => queryClient.setQueryData(contentPageKey(definition), saved.data),
  });
}
