import * as v from 'valibot';
import {
  type ApiError,
  type FieldErrors,
  ROOT_ERROR_KEY,
  apiErrorSchema,
  errorList,
  errorMessageOf,
  firstMessage,
  parseOrErrors,
  toApiError,
  toFieldErrors,
} from './errors';
import { GENERIC_ERROR, VALIDATION_ERROR_NOTICE } from './messages';
import { dateOrder, isoDate } from './date-rules';
import { email, id, passwordEntries, passwordsMatch, requiredString } from './rules';

function issuesOf(schema: v.GenericSchema, input: unknown): v.BaseIssue<unknown>[] {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error('expected a failure');
  return result.issues;
}

describe('apiErrorSchema', () => {
  it('accepts the error shape', () => {
    const body: ApiError = { message: 'Bad', errors: { name: ['Name is required.'] } };
    expect(v.parse(apiErrorSchema, body)).toEqual(body);
    expect(v.parse(apiErrorSchema, { message: 'Bad' })).toEqual({ message: 'Bad' });
  });

  it('rejects other shapes', () => {
    expect(v.is(apiErrorSchema, {})).toBe(false);
    expect(v.is(apiErrorSchema, { message: 1 })).toBe(false);
    expect(v.is(apiErrorSchema, { message: 'x', errors: { name: 'Name is required.' } })).toBe(false);
    expect(v.is(apiErrorSchema, { message: 'x', errors: [] })).toBe(false);
  });

  it('matches the ApiError type', () => {
    const fromSchema: v.InferOutput<typeof apiErrorSchema> = { message: 'x' } as ApiError;
    const fromType: ApiError = fromSchema;
    expect(fromType.message).toBe('x');
  });
});

describe('toFieldErrors', () => {
  it('keys issues by dotted path', () => {
    const schema = v.object({
      name: requiredString('name'),
      address: v.object({ city: requiredString('city') }),
      items: v.array(v.object({ title: requiredString('title') })),
    });
    const issues = issuesOf(schema, { name: '', address: { city: '' }, items: [{ title: 'ok' }, { title: ' ' }] });
    expect(toFieldErrors(issues)).toEqual({
      name: ['Name is required.'],
      'address.city': ['City is required.'],
      'items.1.title': ['Title is required.'],
    });
  });

  it('puts root-level issues under "_"', () => {
    expect(ROOT_ERROR_KEY).toBe('_');
    expect(toFieldErrors(issuesOf(v.object({}, 'Please send an object.'), 'nope'))).toEqual({
      _: ['Please send an object.'],
    });
  });

  it('groups several messages of one field, without repeats, in order', () => {
    const schema = v.pipe(v.string(), v.minLength(3, 'Too short.'), v.regex(/^\d+$/, 'Digits only.'));
    const issues = [...issuesOf(schema, 'a'), ...issuesOf(schema, 'a')];
    expect(toFieldErrors(issues)).toEqual({ _: ['Too short.', 'Digits only.'] });
  });

  it('keeps a "__proto__" key as a plain key', () => {
    const errors = toFieldErrors(issuesOf(v.object({ ['__proto__']: requiredString('x') }), JSON.parse('{"__proto__": ""}')));
    expect(Object.keys(errors)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it('gives an empty map for no issues', () => {
    expect(toFieldErrors([])).toEqual({});
  });
});

describe('firstMessage and errorList', () => {
  const errors: FieldErrors = { name: ['Name is required.'], email: ['Email is required.', 'Second.'], _: ['Root.'] };

  it('gives the first message', () => {
    expect(firstMessage(errors)).toBe('Name is required.');
    expect(firstMessage({ name: [], email: ['Email is required.'] })).toBe('Email is required.');
    expect(firstMessage({})).toBeUndefined();
    expect(firstMessage(undefined)).toBeUndefined();
    expect(firstMessage(null)).toBeUndefined();
  });

  it('lists every message, field after field', () => {
    expect(errorList(errors)).toEqual(['Name is required.', 'Email is required.', 'Second.', 'Root.']);
    expect(errorList(undefined)).toEqual([]);
  });
});

describe('toApiError and errorMessageOf', () => {
  it('builds an ApiError with the validation notice', () => {
    expect(toApiError({ name: ['Name is required.'] })).toEqual({
      message: 'Validation Error: Please enter values in the form',
      errors: { name: ['Name is required.'] },
    });
    expect(toApiError({}, 'Nope')).toEqual({ message: 'Nope', errors: {} });
    expect(VALIDATION_ERROR_NOTICE).toBe('Validation Error: Please enter values in the form');
  });

  it("gives the server's message, else the generic one", () => {
    expect(errorMessageOf({ message: 'Program not found.' })).toBe('Program not found.');
    expect(errorMessageOf({ message: '  ' })).toBe(GENERIC_ERROR);
    expect(errorMessageOf({ message: 42 })).toBe(GENERIC_ERROR);
    expect(errorMessageOf({})).toBe(GENERIC_ERROR);
    expect(errorMessageOf(null)).toBe(GENERIC_ERROR);
    expect(errorMessageOf('boom')).toBe(GENERIC_ERROR);
    expect(errorMessageOf(undefined, 'Error')).toBe('Error');
    expect(GENERIC_ERROR).toBe('Something went wrong please try again in few minutes.');
  });
});

describe('parseOrErrors', () => {
  const signup = v.object({ name: requiredString('name'), email: email(), program_id: id });

  it('gives the output on success', () => {
    const result = parseOrErrors(signup, { name: ' Ada ', email: 'ADA@example.com', program_id: '302' });
    expect(result).toEqual({ success: true, output: { name: 'Ada', email: 'ada@example.com', program_id: 302 } });
    if (result.success) {
      const output: { name: string; email: string; program_id: number } = result.output;
      expect(output.program_id).toBe(302);
    }
  });

  it('gives one message per field, the first problem', () => {
    expect(parseOrErrors(signup, { name: '', email: '', program_id: 'x' })).toEqual({
      success: false,
      errors: {
        name: ['Name is required.'],
        email: ['Email is required.'],
        program_id: ['The id must be a positive integer.'],
      },
    });
  });

  it('reports missing keys with the rules\' own messages', () => {
    expect(parseOrErrors(v.object({ name: requiredString('name'), start_date: isoDate('start_date') }), {})).toEqual({
      success: false,
      errors: { name: ['Name is required.'], start_date: ['Start Date is required'] },
    });
  });

  it('reports object-level checks on their field once every field passes', () => {
    const range = v.pipe(v.object({ start_date: isoDate('start_date'), end_date: isoDate('end_date') }), dateOrder());
    expect(parseOrErrors(range, { start_date: '2026-05-02', end_date: '2026-05-01' })).toEqual({
      success: false,
      errors: { end_date: ['End Date must be greater than Start Date'] },
    });
  });

  it('skips object-level checks while a field fails (abortPipeEarly)', () => {
    const reset = v.pipe(v.object({ token: requiredString('token'), ...passwordEntries() }), passwordsMatch());
    expect(parseOrErrors(reset, { token: '', password: 'abc12345', password_confirmation: 'abc12346' })).toEqual({
      success: false,
      errors: { token: ['Token is required.'] },
    });
  });

  it('puts a root-level failure under "_"', () => {
    expect(parseOrErrors(signup, null)).toEqual({ success: false, errors: { _: [expect.any(String)] } });
  });
});
