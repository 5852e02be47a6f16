import * as v from 'valibot';
import { toFieldErrors } from './errors';
import { INVALID_FLAG, INVALID_ID } from './messages';
import {
  bulkMessages,
  defineResource,
  endpointUrl,
  field,
  fieldSections,
  flagField,
  imageField,
  methodOverrideRefused,
  partitionOf,
  recordCount,
  selfServiceRefusal,
  type ResourceItem,
  type ResourceListQuery,
  type ResourceStoreBody,
} from './resource-kit';
import { NOT_FOR_SELF_SERVICE } from './patients';
import { email, optionalOf, requiredId, requiredString } from './rules';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? {} : toFieldErrors(result.issues);
};

const MESSAGES = {
  created: 'Thing created.',
  updated: 'Thing updated.',
  deleted: 'Thing deleted.',
  notFound: 'Thing not found.',
  statusUpdated: 'Thing status updated.',
  nameTaken: 'A thing with this name already exists.',
} as const;

/** A program resource with status, like patient tags. */
const things = defineResource({
  name: 'thing',
  entity: 'thing',
  labels: { singular: 'Thing', plural: 'Things' },
  fields: {
    name: field('text', 'Name', requiredString('name')),
    email: field('email', 'Email', optionalOf(email('email')), { output: v.nullable(v.string()) }),
  },
  labelField: 'name',
  extra: { patients_count: v.number() },
  sorts: ['name', 'status', 'patients_count'],
  defaultSort: 'name',
  unique: { field: 'name', message: MESSAGES.nameTaken },
  scope: 'program',
  permission: { who: 'staff-not-self-service' },
  status: true,
  ordering: false,
  messages: MESSAGES,
  paths: { base: '/api/things', show: '/show/:id', options: '/1' },
});

/** A global resource with ordering and a category and sub-category, like the spec's bari resources. */
const guides = defineResource({
  name: 'guide',
  entity: 'guide',
  labels: { singular: 'Guide', plural: 'Guides' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    body: field('richText', 'Body', requiredString('body', { max: 20_000 }), { column: false }),
    preview_image: imageField('preview_image', 'Preview image', { minWidth: 300, minHeight: 200 }),
  },
  labelField: 'title',
  sorts: ['order_index', 'title'],
  defaultSort: 'order_index',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_resources' },
  status: true,
  defaultStatus: 0,
  ordering: true,
  categories: { category: { field: 'category_id', label: 'Category', required: true }, subCategory: { field: 'sub_category_id', label: 'Sub-category' } },
  messages: { ...MESSAGES, indexesUpdated: 'Order saved.' },
  paths: { base: '/api/admin/guides', update: { method: 'PUT', path: '/update/:id' }, delete: { method: 'DELETE', path: '/destroy' } },
});

/** A resource without status, show or ordering, like message templates. */
const notes = defineResource({
  name: 'note',
  entity: 'note',
  labels: { singular: 'Note', plural: 'Notes' },
  fields: { title: field('text', 'Title', requiredString('title')) },
  labelField: 'title',
  sorts: ['title'],
  defaultSort: 'title',
  scope: 'program',
  permission: { who: 'staff' },
  status: false,
  ordering: false,
  messages: MESSAGES,
  paths: { base: '/api/notes', show: false },
});

describe('defineResource: schemas', () => {
  it('derives the list query with the spec’s page sizes, sorts, direction, status and category filters', () => {
    expect(v.parse(things.schemas.listQuery, {})).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc' });
    const query: ResourceListQuery<typeof things> = v.parse(things.schemas.listQuery, { perPage: 'All', status: '0', sort: 'patients_count' });
    expect(query).toMatchObject({ perPage: 'All', status: 0, sort: 'patients_count' });
    expect(errorsOf(things.schemas.listQuery, { perPage: '7', sort: 'id', direction: 'up', status: 2 })).toEqual({
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
      sort: ['The sort must be one of name, status, patients_count.'],
      direction: ['The direction must be asc or desc.'],
      status: [INVALID_FLAG],
    });
    expect(v.parse(guides.schemas.listQuery, { category_id: '4', sub_category_id: 9 })).toMatchObject({
      sort: 'order_index',
      category_id: 4,
      sub_category_id: 9,
    });
    expect(Object.keys(notes.schemas.listQuery.entries)).toEqual(['page', 'perPage', 'search', 'sort', 'direction']);
  });

  it('derives store and update bodies: trimmed fields, status defaulting to the definition’s, every field on update', () => {
    const stored: ResourceStoreBody<typeof things> = v.parse(things.schemas.storeBody, { name: '  Red ', email: ' ' });
    expect(stored).toEqual({ name: 'Red', email: undefined, status: 1 });
    expect(v.parse(guides.schemas.storeBody, { title: 'A', body: '<p>b</p>', category_id: 3 })).toEqual({
      title: 'A',
      body: '<p>b</p>',
      preview_image: undefined,
      category_id: 3,
      sub_category_id: undefined,
      status: 0,
    });
    expect(errorsOf(things.schemas.updateBody, {})).toEqual({
      id: [INVALID_ID],
      name: ['Name is required.'],
      status: [INVALID_FLAG],
    });
    expect(errorsOf(guides.schemas.storeBody, { title: 'A', body: 'b', preview_image: 5 })).toEqual({
      preview_image: ['Please enter valid preview image.'],
      category_id: ['Category is required.'],
    });
    // A picker left on its blank choice sends null: the same message.
    expect(errorsOf(guides.schemas.storeBody, { title: 'A', body: 'b', category_id: null })).toEqual({ category_id: ['Category is required.'] });
    expect(errorsOf(guides.schemas.storeBody, { title: 'A', body: 'b', category_id: 'x' })).toEqual({ category_id: [INVALID_ID] });
    expect(v.parse(guides.schemas.updateFields, { title: 'A', body: 'b', category_id: 1, preview_image: null, status: 1 })).toMatchObject({
      preview_image: null,
    });
    expect(Object.keys(notes.schemas.storeBody.entries)).toEqual(['title']);
    expect(errorsOf(things.schemas.toggleStatusBody, { id: 'x' })).toEqual({ id: [INVALID_ID], status: [INVALID_FLAG] });
    expect(errorsOf(things.schemas.deleteBody, {})).toEqual({ id: [INVALID_ID] });
  });

  it('checks update-indexes: a non-empty list of distinct ids', () => {
    expect(v.parse(guides.schemas.updateIndexesBody, { ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(errorsOf(guides.schemas.updateIndexesBody, {})).toEqual({ ids: ['Ids is required.'] });
    expect(errorsOf(guides.schemas.updateIndexesBody, { ids: [1, 1] })).toEqual({ ids: ['The ids may not repeat.'] });
    expect(errorsOf(guides.schemas.updateIndexesBody, { ids: 'x' })).toEqual({ ids: ['The ids must be a list of ids.'] });
    expect(Object.keys(errorsOf(guides.schemas.updateIndexesBody, { ids: [1, -2] }))).toEqual(['ids.1']);
  });

  it('derives the item and the responses', () => {
    const item: ResourceItem<typeof guides> = {
      id: 1,
      title: 'T',
      body: '<p>x</p>',
      preview_image: null,
      category_id: 2,
      category_name: 'C',
      sub_category_id: null,
      sub_category_name: null,
      status: 1,
      order_index: 4,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(v.parse(guides.schemas.item, item)).toEqual(item);
    expect(v.safeParse(guides.schemas.savedResponse, { data: item, message: 'Saved' }).success).toBe(true);
    expect(v.safeParse(guides.schemas.listResponse, { data: { data: [item], total: 1, page: 1, perPage: 10 } }).success).toBe(true);
    expect(v.safeParse(things.schemas.optionsResponse, { data: [{ id: 1, name: 'Red' }] }).success).toBe(true);
    expect(Object.keys(notes.schemas.item.entries)).toEqual(['id', 'title', 'created_at', 'updated_at']);
  });

  it('types the item’s fields by their outputs (checked by tsc)', () => {
    const name: ResourceItem<typeof things>['name'] = 'Red';
    // @ts-expect-error a text field's item value is a string, not unknown
    const wrongName: ResourceItem<typeof things>['name'] = 5;
    const email: ResourceItem<typeof things>['email'] = null;
    // @ts-expect-error the status is 0 or 1
    const wrongStatus: ResourceItem<typeof things>['status'] = 2;
    expect([name, wrongName, email, wrongStatus]).toHaveLength(4);
  });
});

/** A dynamic section's items: one list per section (partition section_id). */
const sectionItems = defineResource({
  name: 'section-item',
  entity: 'section_item',
  labels: { singular: 'Item', plural: 'Items' },
  fields: { title: field('text', 'Title', requiredString('title')) },
  labelField: 'title',
  sorts: ['order_index', 'title'],
  defaultSort: 'order_index',
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  partition: { field: 'section_id', label: 'Section', input: requiredId('section') },
  categories: { category: { field: 'category_id', label: 'Category' } },
  messages: { ...MESSAGES, indexesUpdated: 'Order saved.' },
  paths: { base: '/api/sections/items', options: '/all' },
});

describe('a partition', () => {
  it('is required by the list query, store, options, update-indexes and by-category-id queries, and ignored by update', () => {
    const missing = { section_id: ['Section is required.'] };
    expect(errorsOf(sectionItems.schemas.listQuery, {})).toEqual(missing);
    expect(errorsOf(sectionItems.schemas.storeBody, { title: 'A' })).toEqual(missing);
    expect(errorsOf(sectionItems.schemas.partitionQuery, {})).toEqual(missing);
    expect(errorsOf(sectionItems.schemas.byCategoryQuery, { categoryId: '2' })).toEqual(missing);
    expect(v.parse(sectionItems.schemas.listQuery, { section_id: '3' })).toMatchObject({ section_id: 3, sort: 'order_index' });
    expect(v.parse(sectionItems.schemas.storeBody, { section_id: 3, title: 'A' })).toMatchObject({ section_id: 3, title: 'A' });
    expect(v.parse(sectionItems.schemas.updateBody, { id: 1, section_id: 4, title: 'A', status: 1 })).not.toHaveProperty('section_id');
    expect(Object.keys(sectionItems.schemas.item.entries)).toContain('section_id');
    // Without a partition nothing changes: no entry, and an empty partition query.
    expect(Object.keys(things.schemas.partitionQuery.entries)).toEqual([]);
    expect(Object.keys(guides.schemas.byCategoryQuery.entries)).toEqual(['categoryId']);
  });

  it('types the partition on the item, the store body and the list query (checked by tsc)', () => {
    const section: ResourceItem<typeof sectionItems>['section_id'] = 3;
    const body: ResourceStoreBody<typeof sectionItems> = { section_id: 3, title: 'A', category_id: null, status: 1 };
    const query: ResourceListQuery<typeof sectionItems>['section_id'] = 3;
    // @ts-expect-error a resource without a partition has no such entry
    const none: ResourceItem<typeof things>['section_id'] = 3;
    expect([section, body, query, none]).toHaveLength(4);
  });

  it('gives a call its entry from the values a screen holds, and refuses a call without it', () => {
    expect(partitionOf(sectionItems, { section_id: 3, menu: 'diet' })).toEqual({ section_id: 3 });
    expect(partitionOf(things, { section_id: 3 })).toEqual({});
    expect(() => partitionOf(sectionItems, {})).toThrow(/split by section_id/);
  });

  it('may stand in a call\'s path (/:section_id): the endpoint says so and its URL takes the value', () => {
    const inPath = defineResource({
      ...sectionItems,
      paths: {
        base: '/api/sections/items',
        list: '/:section_id',
        store: { method: 'POST', path: '/:section_id' },
        update: { method: 'POST', path: '/:id/:section_id', as: 'PUT' },
        toggleStatus: { method: 'PATCH', path: '/toggle-status/:id/:section_id' },
        destroyMultiple: '/destroy-multiple',
      },
    });
    expect(inPath.endpoints.list).toMatchObject({ url: '/api/sections/items/:section_id', partitionInPath: true });
    expect(inPath.endpoints.show).toMatchObject({ url: '/api/sections/items/:id', partitionInPath: false });
    expect(endpointUrl(inPath.endpoints.list!, undefined, { section_id: 3 })).toBe('/api/sections/items/3');
    expect(endpointUrl(inPath.endpoints.update!, 8, { section_id: 3 })).toBe('/api/sections/items/8/3');
    expect(endpointUrl(inPath.endpoints.toggleStatus!, 8, { section_id: 'a b' })).toBe('/api/sections/items/toggle-status/8/a%20b');
    expect(() => endpointUrl(inPath.endpoints.list!)).toThrow(/needs its section_id/);
    expect(() => defineResource({ ...sectionItems, paths: { base: '/api/sections/items', list: '/:menu' } })).toThrow(/:id and the partition only/);
    expect(() => defineResource({ ...sectionItems, paths: { base: '/api/sections/items', destroyMultiple: '/destroy/:section_id' } })).toThrow(
      /destroyMultiple path may not carry the partition/,
    );
  });
});

/** A super-admin resource with switches in groups, like the program users' menu flags. */
const members = defineResource({
  name: 'member',
  entity: 'member',
  labels: { singular: 'Member', plural: 'Members' },
  fields: {
    name: field('text', 'Name', requiredString('name')),
    reports: flagField('Reports', { group: 'Menus' }),
    note: field('textarea', 'Note', optionalOf(requiredString('note')), { output: v.nullable(v.string()), column: false }),
    patients: flagField('Patients', { group: 'Menus', initial: 1, column: true }),
    faq: flagField('FAQ', { group: 'Content' }),
    calendar: flagField('Calendar', { group: 'Menus' }),
  },
  labelField: 'name',
  sorts: ['name'],
  defaultSort: 'name',
  scope: 'global',
  permission: { who: 'super-admin' },
  status: false,
  ordering: false,
  messages: MESSAGES,
  paths: { base: '/api/admin/members' },
});

describe('flag fields and groups', () => {
  it('takes a flag as 0, 1, "0", "1", false or true, gives 0 or 1, and fills a missing one with its initial value', () => {
    expect(v.parse(members.schemas.storeBody, { name: 'A', reports: true, faq: '1', calendar: 0 })).toEqual({
      name: 'A',
      reports: 1,
      note: undefined,
      patients: 1,
      faq: 1,
      calendar: 0,
    });
    expect(v.parse(members.schemas.updateBody, { id: 3, name: 'A', reports: false, patients: '0' })).toMatchObject({
      reports: 0,
      patients: 0,
      faq: 0,
    });
    expect(errorsOf(members.schemas.storeBody, { name: 'A', reports: 2, faq: 'yes' })).toEqual({ reports: [INVALID_FLAG], faq: [INVALID_FLAG] });
    expect(v.safeParse(members.schemas.item, { id: 1, name: 'A', reports: 1, note: null, patients: 0, faq: 0, calendar: 1, created_at: 'x', updated_at: 'x' }).success).toBe(true);
    expect(v.safeParse(members.schemas.item, { id: 1, name: 'A', reports: true, note: null, patients: 0, faq: 0, calendar: 1, created_at: 'x', updated_at: 'x' }).success).toBe(false);
  });

  it('keeps a flag out of the list columns unless told, and carries each field\'s group', () => {
    expect(members.fields.reports).toMatchObject({ kind: 'flag', column: false, group: 'Menus' });
    expect(members.fields.patients.column).toBe(true);
    const on: ResourceItem<typeof members>['reports'] = 1;
    // @ts-expect-error a flag's item value is 0 or 1
    const wrong: ResourceItem<typeof members>['reports'] = true;
    expect([on, wrong]).toHaveLength(2);
    expect('group' in members.fields.name).toBe(false);
    expect(field('text', 'Title', requiredString('title'), { group: 'About' }).group).toBe('About');
    expect(imageField('logo', 'Logo', { minWidth: 1, minHeight: 1 }, { group: 'About' })).toMatchObject({ group: 'About', column: false });
  });

  it('orders sections: lone fields in runs where they stand, a group\'s fields together where its first one stands', () => {
    expect(fieldSections(Object.entries(members.fields))).toEqual([
      { group: undefined, names: ['name'] },
      { group: 'Menus', names: ['reports', 'patients', 'calendar'] },
      { group: undefined, names: ['note'] },
      { group: 'Content', names: ['faq'] },
    ]);
    const lone: { group?: string } = {};
    expect(fieldSections([['a', lone], ['b', lone], ['c', { group: 'G' }], ['d', lone], ['e', { group: 'G' }], ['f', lone]])).toEqual([
      { group: undefined, names: ['a', 'b'] },
      { group: 'G', names: ['c', 'e'] },
      { group: undefined, names: ['d', 'f'] },
    ]);
    // A resource without groups is one run of every field, as before.
    expect(fieldSections(Object.entries(guides.fields))).toEqual([{ group: undefined, names: ['title', 'body', 'preview_image'] }]);
  });
});

describe('defineResource: calls', () => {
  it('resolves the default and the configured paths, and where the id goes', () => {
    expect(things.endpoints).toEqual({
      list: { method: 'GET', path: '', url: '/api/things', idIn: 'none', verbs: ['GET'], partitionInPath: false },
      show: { method: 'GET', path: '/show/:id', url: '/api/things/show/:id', idIn: 'path', verbs: ['GET'], partitionInPath: false },
      store: { method: 'POST', path: '/store', url: '/api/things/store', idIn: 'none', verbs: ['POST'], partitionInPath: false },
      update: { method: 'POST', path: '/update', url: '/api/things/update', idIn: 'body', verbs: ['POST'], partitionInPath: false },
      toggleStatus: { method: 'POST', path: '/toggle-status', url: '/api/things/toggle-status', idIn: 'body', verbs: ['POST'], partitionInPath: false },
      delete: { method: 'POST', path: '/delete', url: '/api/things/delete', idIn: 'body', verbs: ['POST'], partitionInPath: false },
      options: { method: 'GET', path: '/1', url: '/api/things/1', idIn: 'none', verbs: ['GET'], partitionInPath: false },
    });
    expect(guides.endpoints.update).toEqual({ method: 'PUT', path: '/update/:id', url: '/api/admin/guides/update/:id', idIn: 'path', verbs: ['PUT'], partitionInPath: false });
    expect(guides.endpoints.delete).toMatchObject({ method: 'DELETE', idIn: 'query' });
    expect(Object.keys(guides.endpoints)).toEqual(['list', 'show', 'store', 'update', 'toggleStatus', 'delete', 'updateIndexes', 'byCategory']);
    expect(Object.keys(notes.endpoints)).toEqual(['list', 'store', 'update', 'delete']);
    expect(endpointUrl(guides.endpoints.update!, 7)).toBe('/api/admin/guides/update/7');
    expect(endpointUrl(guides.endpoints.delete!, 7)).toBe('/api/admin/guides/destroy?id=7');
    expect(endpointUrl(things.endpoints.update!, 7)).toBe('/api/things/update');
  });

  it('takes the verb a body’s _method names for a call (the spec’s POST /{id} with _method=PUT)', () => {
    const overridden = defineResource({
      ...notes,
      paths: { base: '/api/notes', update: { method: 'POST', path: '/:id', as: 'PUT' }, delete: { method: 'DELETE', path: '/:id', as: 'DELETE' } },
    });
    expect(overridden.endpoints.update).toEqual({ method: 'POST', path: '/:id', as: 'PUT', url: '/api/notes/:id', idIn: 'path', verbs: ['POST', 'PUT'], partitionInPath: false });
    expect(overridden.endpoints.delete!.verbs).toEqual(['DELETE']);
    expect(methodOverrideRefused(['POST', 'PUT'])).toBe('The method must be POST or PUT.');
    expect(methodOverrideRefused(['PATCH'])).toBe('The method must be PATCH.');
  });

  it('offers the bulk calls only when given, with their bodies and notices', () => {
    expect(things.endpoints.destroyMultiple).toBeUndefined();
    const bulk = defineResource({
      ...things,
      paths: { base: '/api/things', destroyMultiple: '/destroy-multiple', toggleStatusMultiple: { method: 'PATCH', path: '/status-many' } },
    });
    expect(bulk.endpoints.destroyMultiple).toEqual({ method: 'POST', path: '/destroy-multiple', url: '/api/things/destroy-multiple', idIn: 'none', verbs: ['POST'], partitionInPath: false });
    expect(bulk.endpoints.toggleStatusMultiple).toMatchObject({ method: 'PATCH', idIn: 'none' });
    expect(v.parse(bulk.schemas.toggleStatusMultipleBody, { ids: [3, 4], status: '0' })).toEqual({ ids: [3, 4], status: 0 });
    expect(errorsOf(bulk.schemas.destroyMultipleBody, {})).toEqual({ ids: ['Ids is required.'] });
    const texts = bulkMessages(bulk);
    expect([texts.deleted(1), texts.deleted(3), texts.statusUpdated(2, 0), texts.inUse(2)]).toEqual([
      '1 thing deleted.',
      '3 things deleted.',
      '2 things deactivated.',
      '2 things of the selection are in use and cannot be deleted. Nothing was deleted.',
    ]);
    expect(recordCount(bulk, 1)).toBe('1 thing');
  });

  it('lists the category fields with the item keys of their names', () => {
    expect(guides.categoryFields).toEqual([
      { field: 'category_id', nameKey: 'category_name', label: 'Category', required: true },
      { field: 'sub_category_id', nameKey: 'sub_category_name', label: 'Sub-category', required: false },
    ]);
  });

  it('gives the self-service refusal of a resource that has one', () => {
    expect(selfServiceRefusal(things.permission)).toBe(NOT_FOR_SELF_SERVICE);
    expect(selfServiceRefusal({ who: 'staff-not-self-service', refusal: 'No.' })).toBe('No.');
    expect(selfServiceRefusal(notes.permission)).toBeNull();
  });
});

describe('defineResource: a definition that does not hold together throws', () => {
  const base = {
    name: 'bad',
    entity: 'bad',
    labels: { singular: 'Bad', plural: 'Bads' },
    fields: { name: field('text', 'Name', requiredString('name')) },
    labelField: 'name',
    sorts: ['name'],
    defaultSort: 'name',
    scope: 'program',
    permission: { who: 'staff' },
    status: false,
    ordering: false,
    messages: MESSAGES,
    paths: { base: '/api/bad' },
  } as const;

  it.each([
    ['a label that is not a field', { labelField: 'title' }, /labelField title/],
    ['a default sort that is not a sort', { defaultSort: 'title' }, /defaultSort/],
    ['ordering without order_index', { ordering: true, messages: { ...MESSAGES, indexesUpdated: 'x' } }, /order_index/],
    ['a global resource for staff', { scope: 'global' }, /global resources/],
    ['a program resource for super admins', { permission: { who: 'super-admin' } }, /global resources/],
    ['toggle-status without status', { paths: { base: '/api/bad', toggleStatus: '/toggle' } }, /toggle-status needs status/],
    ['toggle-status-multiple without status', { paths: { base: '/api/bad', toggleStatusMultiple: '/toggle-many' } }, /toggle-status-multiple needs status/],
    ['a base ending with /', { paths: { base: '/api/bad/' } }, /base/],
    ['a unique field that is not a field', { unique: { field: 'code', message: 'x' } }, /unique field/],
    ['a partition that is a field', { partition: { field: 'name', label: 'Name', input: requiredString('name') } }, /partition name is also a field/],
    ['a partition that may be missing', { partition: { field: 'section_id', label: 'Section', input: v.optional(v.number()) } }, /must refuse a missing value/],
  ])('%s', (_, change, problem) => {
    expect(() => defineResource({ ...base, ...change } as unknown as Parameters<typeof defineResource>[0])).toThrow(problem);
  });
});
