/**
 * The calls of a resource, from its definition's endpoints (method, path, where the id goes), and their
 * react-query hooks. Every query of a resource starts with its name, so one invalidation after a change
 * refreshes its lists, its records and its options wherever they are shown.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { deleteJson, getJson, notifyError, notifySuccess, patchJson, postJson, putJson, queryOf } from '@baridesk/api-client';
import { endpointUrl, partitionOf, type AnyResource, type PartitionValues, type ResourceOperation, type ResourceOption } from '@baridesk/contracts';
import { inOrder } from '../reorder';
import { useResourcePartition } from './resource-partition';

/** A record as the kit's screens read it: its id, its 0/1 status when it has one, and its other values by name. */
export type ResourceRecord = { id: number; status?: 0 | 1; order_index?: number } & Record<string, unknown>;

/** What a list asks for: the list query's values (unset ones are not sent). */
export type ResourceListParams = Record<string, string | number | undefined>;

export type ResourcePage<T> = { data: { data: T[]; total: number; page: number; perPage: number | 'All' } };

type Call = {
  id?: number;
  body?: Record<string, unknown>;
  query?: ResourceListParams;
  signal?: AbortSignal;
  /** The screen's partition values: a call whose path carries the partition takes its value from the body, the query or these. */
  partition?: PartitionValues;
};

/** The api-client takes paths below /api; a definition's URLs are whole ('/api/user-category/show/:id'). */
const belowApi = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** Calls `operation` of `resource`: the id in the path, the query string or the body, as its endpoint says. */
export function callResource<T>(resource: AnyResource, operation: ResourceOperation, { id, body: given, query: asked, signal, partition }: Call = {}): Promise<T> {
  const endpoint = resource.endpoints[operation];
  if (!endpoint) return Promise.reject(new Error(`${resource.labels.plural}: no ${operation} call.`));
  let body = given;
  let query = asked;
  let inPath: PartitionValues | undefined;
  if (endpoint.partitionInPath) {
    // The path carries it (`/:surgery_type`): the record's own value (an update's body), else the screen's.
    const field = resource.partition!.field;
    const value = (given?.[field] ?? asked?.[field] ?? partition?.[field]) as string | number | undefined;
    if (value === undefined) return Promise.reject(new Error(`${resource.labels.plural} are split by ${field}: give the call its value.`));
    inPath = { [field]: value };
    if (given) body = Object.fromEntries(Object.entries(given).filter(([key]) => key !== field));
    if (asked) query = Object.fromEntries(Object.entries(asked).filter(([key]) => key !== field));
  }
  const path = belowApi(endpointUrl(endpoint, endpoint.idIn === 'path' ? id : undefined, inPath));
  const searchParams = queryOf({ ...query, ...(endpoint.idIn === 'query' && id !== undefined ? { id } : {}) });
  const json = endpoint.idIn === 'body' && id !== undefined ? { id, ...body } : body;
  switch (endpoint.method) {
    case 'GET':
      return getJson<T>(path, { searchParams, signal });
    case 'DELETE':
      return deleteJson<T>(path, { searchParams, signal });
    case 'PUT':
      return putJson<T>(path, json, { searchParams });
    case 'PATCH':
      return patchJson<T>(path, json, { searchParams });
    case 'POST':
      return postJson<T>(path, json, { searchParams });
  }
}

export const resourceKey = (resource: AnyResource): QueryKey => [resource.name];

/** After a change: refreshes the resource's queries, and those of the resources that show its figures (`shownIn`). */
export function refreshResource(queryClient: QueryClient, resource: AnyResource) {
  return Promise.all([resource.name, ...(resource.shownIn ?? [])].map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}
const listsKey = (resource: AnyResource): QueryKey => [resource.name, 'list'];

export const resourceListOptions = <T extends ResourceRecord>(resource: AnyResource, params: ResourceListParams) =>
  queryOptions({
    queryKey: [...listsKey(resource), params],
    queryFn: ({ signal }) => callResource<ResourcePage<T>>(resource, 'list', { query: params, signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of the resource's list (of the screen's partition, for a partitioned resource). */
export function useResourceList<T extends ResourceRecord>(resource: AnyResource, params: ResourceListParams) {
  const partition = useResourcePartition();
  return useQuery(resourceListOptions<T>(resource, { ...params, ...partitionOf(resource, partition) }));
}

/** One record; not fetched while `id` is null (a new record, or an address that names none). */
export function useResourceRecord<T extends ResourceRecord>(resource: AnyResource, id: number | null) {
  const partition = useResourcePartition();
  return useQuery({
    queryKey: [resource.name, 'one', id],
    queryFn: async ({ signal }) => (await callResource<{ data: T }>(resource, 'show', { id: id ?? 0, signal, partition })).data,
    enabled: id !== null,
  });
}

/**
 * Where a picker's choices come from: a resource (its `options` call, or `byCategory` for the records
 * of one category), or a call of the view's own (`choices`, given the chosen category when it is a
 * sub-category's source) for choices no resource of the kit offers.
 */
export type ChoiceSource =
  | AnyResource
  | {
      /** The cache key's first part (what a change of these choices invalidates). */
      name: string;
      choices: (categoryId: number | undefined, signal: AbortSignal) => Promise<ResourceOption[]>;
    };

/**
 * The choices of a picker: the source's active records by name, or with `categoryId` those of that
 * category; none asked for while `categoryId` is null.
 */
export function useResourceOptions(source: ChoiceSource | undefined, categoryId?: number | null) {
  const byCategory = categoryId !== undefined;
  // A partitioned source's choices are those of the screen's partition (a section's categories).
  const values = useResourcePartition();
  const partition = source && !('choices' in source) ? partitionOf(source, values) : {};
  return useQuery({
    queryKey: [source?.name, byCategory ? 'by-category' : 'options', categoryId ?? null, partition],
    queryFn: async ({ signal }) => {
      if ('choices' in source!) return source.choices(categoryId ?? undefined, signal);
      const operation = byCategory ? 'byCategory' : 'options';
      const query = { ...partition, ...(byCategory ? { categoryId: categoryId ?? undefined } : {}) };
      return (await callResource<{ data: ResourceOption[] }>(source!, operation, { query, signal })).data;
    },
    enabled: source !== undefined && categoryId !== null,
  });
}

type Saved<T> = { data: T; message: string };

/**
 * Store (no id) or update (with the record's id); refreshes the resource's queries. A new record of a
 * partitioned resource goes into the screen's partition; an update leaves a record in its own.
 */
export function useSaveResource<T extends ResourceRecord>(resource: AnyResource) {
  const queryClient = useQueryClient();
  const partition = useResourcePartition();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: Record<string, unknown> }) =>
      id === undefined
        ? callResource<Saved<T>>(resource, 'store', { body: { ...values, ...partitionOf(resource, partition) } })
        : callResource<Saved<T>>(resource, 'update', { id, body: values, partition }),
    onSuccess: () => refreshResource(queryClient, resource),
  });
}

/** Delete; the server's refusal (409 in use, 404) is the caller's to show. */
export function useDeleteResource(resource: AnyResource) {
  const queryClient = useQueryClient();
  const partition = useResourcePartition();
  return useMutation({
    mutationFn: (id: number) => callResource<{ message: string }>(resource, 'delete', { id, partition }),
    onSuccess: () => refreshResource(queryClient, resource),
  });
}

type Snapshot = [QueryKey, ResourcePage<ResourceRecord> | undefined][];

/**
 * Changes the shown lists at once (optimistic) with `change`, calls the server, and on a refusal puts
 * the lists back and shows the notice; the server's message on success. Then refreshes the resource.
 */
function useOptimisticListChange<V>(
  resource: AnyResource,
  send: (variables: V) => Promise<{ message: string }>,
  change: (rows: ResourceRecord[], variables: V) => ResourceRecord[],
) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, unknown, V, { previous: Snapshot }>({
    mutationFn: send,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: listsKey(resource) });
      const previous = queryClient.getQueriesData<ResourcePage<ResourceRecord>>({ queryKey: listsKey(resource) });
      queryClient.setQueriesData<ResourcePage<ResourceRecord>>(
        { queryKey: listsKey(resource) },
        (list) => list && { ...list, data: { ...list.data, data: change(list.data.data, variables) } },
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (answer) => notifySuccess(answer.message),
    onSettled: () => refreshResource(queryClient, resource),
  });
}

/**
 * Sets a record's status (toggle-status, or toggle-status-multiple with its id where the definition
 * offers only that): the switch moves at once and goes back, with a notice, if the server refuses.
 */
export function useToggleResourceStatus(resource: AnyResource) {
  const partition = useResourcePartition();
  return useOptimisticListChange<{ id: number; status: 0 | 1 }>(
    resource,
    ({ id, status }) =>
      resource.endpoints.toggleStatus
        ? callResource(resource, 'toggleStatus', { id, body: { status }, partition })
        : callResource(resource, 'toggleStatusMultiple', { body: { ids: [id], status } }),
    (rows, { id, status }) => rows.map((row) => (row.id === id ? { ...row, status } : row)),
  );
}

/** Saves a new order (update-indexes with the shown records' ids): the rows move at once, back on a refusal. */
export function useUpdateResourceIndexes(resource: AnyResource) {
  const partition = useResourcePartition();
  return useOptimisticListChange<number[]>(
    resource,
    (ids) => callResource(resource, 'updateIndexes', { body: { ids }, query: partitionOf(resource, partition) }),
    (rows, ids) => inOrder(rows, ids),
  );
}

/** Sets the status of the selected records (toggle-status-multiple); the server's refusal is the caller's to show. */
export function useToggleResourcesStatus(resource: AnyResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 0 | 1 }) =>
      callResource<{ message: string }>(resource, 'toggleStatusMultiple', { body: { ids, status } }),
    onSuccess: () => refreshResource(queryClient, resource),
  });
}

/** Deletes the selected records (destroy-multiple: all or, on a refusal, none). */
export function useDeleteResources(resource: AnyResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callResource<{ message: string }>(resource, 'destroyMultiple', { body: { ids } }),
    onSuccess: () => refreshResource(queryClient, resource),
  });
}
