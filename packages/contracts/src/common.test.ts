import * as v from 'valibot';
import { listQuery } from './common';
import { toFieldErrors } from './errors';
import { INVALID_FLAG } from './messages';
import { messageTemplateListQuery, quoteListQuery } from './index';

const SORTS = ['name', 'created_at'] as const;
const plain = listQuery(SORTS, 'name');
const withStatus = listQuery(SORTS, 'name', { status: true });

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('listQuery', () => {
  it('defaults to the first page of ten in the default order', () => {
    expect(v.parse(plain, {})).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc' });
    expect(v.parse(withStatus, {})).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc' });
  });

  it('has no status filter unless asked: a status in the query is dropped like any unknown key', () => {
    expect(Object.keys(plain.entries)).toEqual(['page', 'perPage', 'search', 'sort', 'direction']);
    expect(v.parse(plain, { status: '1' })).not.toHaveProperty('status');
    expect(errorsOf(plain, { status: 'yes' })).toEqual({});
    expect(Object.keys(listQuery(SORTS, 'name', { status: false }).entries)).toEqual(Object.keys(plain.entries));
  });

  it('with { status: true }, reads 0 or 1 from the query string', () => {
    expect(Object.keys(withStatus.entries)).toEqual(['page', 'perPage', 'search', 'sort', 'direction', 'status']);
    for (const [input, output] of [['0', 0], ['1', 1], [0, 0], [1, 1], [false, 0], [true, 1]] as const) {
      expect(v.parse(withStatus, { status: input }).status).toBe(output);
    }
    const typed: 0 | 1 | undefined = v.parse(withStatus, { status: '1' }).status;
    expect(typed).toBe(1);
  });

  it('with { status: true }, refuses any other status on the field, next to the other fields', () => {
    for (const status of ['2', 2, '', ' ', 'on', null, [], {}]) {
      expect(errorsOf(withStatus, { status })).toEqual({ status: [INVALID_FLAG] });
    }
    expect(errorsOf(withStatus, { sort: 'password', status: '7' })).toEqual({
      sort: ['The sort must be one of name, created_at.'],
      status: [INVALID_FLAG],
    });
  });

  it('keeps the paging, search and sort rules when the status filter is added', () => {
    const input = { page: '3', perPage: 'All', search: '  smith  ', sort: 'created_at', direction: 'desc' };
    expect(v.parse(withStatus, input)).toEqual(v.parse(plain, input));
    for (const bad of [{ page: '0' }, { perPage: '7' }, { search: 'x'.repeat(255) }, { direction: 'up' }]) {
      expect(errorsOf(withStatus, bad)).toEqual(errorsOf(plain, bad));
      expect(errorsOf(withStatus, bad)).not.toEqual({});
    }
  });

  it('is what the quote and message-template lists take', () => {
    for (const schema of [quoteListQuery, messageTemplateListQuery]) {
      expect(Object.keys(schema.entries)).toEqual(['page', 'perPage', 'search', 'sort', 'direction', 'status']);
      expect(v.parse(schema, { status: '0', search: ' a ' })).toMatchObject({ status: 0, search: 'a' });
      expect(errorsOf(schema, { status: '2' })).toEqual({ status: [INVALID_FLAG] });
    }
  });
});
