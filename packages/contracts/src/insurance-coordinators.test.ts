import * as v from 'valibot';
import { toFieldErrors } from './errors';
import { insuranceCoordinatorStoreBody, patientTagStoreBody } from './index';

const parse = <S extends v.GenericSchema>(schema: S, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? { output: result.output as v.InferOutput<S> } : { errors: toFieldErrors(result.issues) };
};

describe('insuranceCoordinatorStoreBody', () => {
  it('needs only a name; blank or null contact fields are left out, status defaults to active', () => {
    expect(parse(insuranceCoordinatorStoreBody, { name: ' Ann ', email: '  ', phone: null })).toEqual({
      output: { name: 'Ann', email: undefined, phone: undefined, status: 1 },
    });
  });

  it('lower-cases the e-mail and keeps the phone as written', () => {
    expect(parse(insuranceCoordinatorStoreBody, { name: 'Ann', email: ' Ann@X.Test ', phone: ' +1 (312) 555-0100 ', status: '0' })).toEqual({
      output: { name: 'Ann', email: 'ann@x.test', phone: '+1 (312) 555-0100', status: 0 },
    });
  });

  it('reports a bad e-mail, a phone that is not a US number, and an over-long phone', () => {
    expect(parse(insuranceCoordinatorStoreBody, { email: 'ann@', phone: '555-0100' })).toEqual({
      errors: {
        name: ['Name is required.'],
        email: ['The email field must have a valid email address.'],
        phone: ['Please enter valid phone.'],
      },
    });
    expect(parse(insuranceCoordinatorStoreBody, { name: 'Ann', phone: `312${' '.repeat(30)}5550100` })).toEqual({
      errors: { phone: ['Phone may not be greater than 32 characters.'] },
    });
  });
});

describe('patientTagStoreBody', () => {
  it('trims the name and defaults the status to active', () => {
    expect(parse(patientTagStoreBody, { name: '  Self Pay ' })).toEqual({ output: { name: 'Self Pay', status: 1 } });
    expect(parse(patientTagStoreBody, { name: '' })).toEqual({ errors: { name: ['Name is required.'] } });
  });
});
