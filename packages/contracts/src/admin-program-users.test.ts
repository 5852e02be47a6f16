import * as v from 'valibot';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { toFieldErrors } from './errors';
import { PROGRAM_USER_FLAGS, PROGRAM_USER_GROUPS, programUserResource, programUserUpdatePasswordBody } from './admin-program-users';
import { fieldSections } from './resource-kit';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('program users', () => {
  it('has a switch for every menu flag of the staff area, Shop, and the rights and sign-in switches, in their groups', () => {
    for (const name of [...PROGRAM_USER_MENU_FLAGS, 'shop_url', 'administrative_rights', 'send_email_check', 'security_status']) {
      expect(PROGRAM_USER_FLAGS).toContain(name);
    }
    expect(fieldSections(Object.entries(programUserResource.fields)).map((section) => section.group)).toEqual([
      undefined,
      PROGRAM_USER_GROUPS.areas,
      PROGRAM_USER_GROUPS.content,
      PROGRAM_USER_GROUPS.rights,
      PROGRAM_USER_GROUPS.signIn,
      PROGRAM_USER_GROUPS.defaults,
    ]);
    expect(programUserResource.fields.manage_user).toMatchObject({ label: 'Patients', group: 'Staff areas' });
  });

  it('takes a store body: switches default to off, blanks to null, the program required, the default tag optional', () => {
    const stored = v.parse(programUserResource.schemas.storeBody, {
      name: ' Dana ',
      email: 'Dana@Example.com',
      program_id: '7',
      manage_user: true,
      faq: '1',
      retries: '3',
      time_out: '',
      deactivation_date: '2027-01-31',
      default_stage: '2',
    });
    expect(stored).toMatchObject({
      name: 'Dana',
      email: 'dana@example.com',
      program_id: 7,
      manage_user: 1,
      faq: 1,
      event: 0,
      administrative_rights: 0,
      retries: 3,
      time_out: null,
      deactivation_date: '2027-01-31',
      default_stage: 2,
      status: 1,
    });
  });

  it('refuses bad input field by field', () => {
    expect(
      errorsOf(programUserResource.schemas.storeBody, {
        name: '',
        email: 'not-an-address',
        manage_user: 5,
        retries: '0',
        time_out: '2.5',
        default_stage: 4,
        deactivation_date: '31/01/2027',
      }),
    ).toEqual({
      name: ['Name is required.'],
      email: ['The email field must have a valid email address.'],
      manage_user: [expect.any(String)],
      retries: ['Retries must be a whole number between 1 and 20.'],
      time_out: ['Time out must be a whole number between 1 and 1440.'],
      default_stage: ['Please enter valid default stage.'],
      deactivation_date: [expect.any(String)],
      program_id: ['Program is required.'],
    });
  });

  it('checks a new password and its confirmation', () => {
    expect(errorsOf(programUserUpdatePasswordBody, { id: 3, password: 'abcdefgh1', password_confirmation: 'abcdefgh2' })).toEqual({
      password_confirmation: [expect.stringMatching(/match/)],
    });
    expect(v.parse(programUserUpdatePasswordBody, { id: 3, password: 'abcdefgh1', password_confirmation: 'abcdefgh1' })).toMatchObject({ id: 3 });
  });
});
