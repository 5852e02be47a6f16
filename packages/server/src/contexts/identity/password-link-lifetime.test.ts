/**
 * PASSWORD_LINK_TTL_MINUTES: how long e-mailed links work is a setting of the server, read once at
 * start, and every kind of link (staff reset, patient set, address confirmation) is issued with it.
 */
import { AUTH_FLOW_MESSAGES, PASSWORD_LINK_TTL_MINUTES } from '@baridesk/contracts';
import { loadConfig } from '../../config';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, linkParams, startSmtpServer } from '../../test/mail';

describe('loadConfig: PASSWORD_LINK_TTL_MINUTES', () => {
  it('defaults to the constant of the contracts', () => {
    expect(loadConfig({}).passwordLinkTtlMinutes).toBe(PASSWORD_LINK_TTL_MINUTES);
    expect(loadConfig({ PASSWORD_LINK_TTL_MINUTES: '' }).passwordLinkTtlMinutes).toBe(PASSWORD_LINK_TTL_MINUTES);
  });

  it('takes a whole number of minutes, 1 or more', () => {
    expect(loadConfig({ PASSWORD_LINK_TTL_MINUTES: '1' }).passwordLinkTtlMinutes).toBe(1);
    expect(loadConfig({ PASSWORD_LINK_TTL_MINUTES: ' 1440 ' }).passwordLinkTtlMinutes).toBe(1440);
  });

  it.each(['0', '-5', '1.5', '15m', 'abc', '99999999999999999999'])('refuses %p instead of guessing', (value) => {
    expect(() => loadConfig({ PASSWORD_LINK_TTL_MINUTES: value })).toThrow(
      `PASSWORD_LINK_TTL_MINUTES must be a whole number of minutes, 1 or more (it is "${value}").`,
    );
  });
});

describe('a configured lifetime is honoured', () => {
  const LIFETIME = 5;
  let smtp: TestSmtpServer;
  let t: ConfiguredTestApp;
  let lastIp = 0;
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url, payload, remoteAddress: `203.0.113.${++lastIp}`, ...(token ? { token } : {}) });
  const mailTo = (address: string) => smtp.next((m) => m.envelopeTo.includes(address));
  const linkOf = async (address: string) => {
    const mail = await mailTo(address);
    expect(mail.links).toHaveLength(1);
    // The e-mail tells the lifetime the server uses, not the default.
    expect(mail.text).toContain(`expires in ${LIFETIME} minutes`);
    return { link: mail.links[0]!, params: linkParams(mail.links[0]!) };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createConfiguredTestApp({ smtpUrl: smtp.url, publicUrl: 'https://baridesk.example', passwordLinkTtlMinutes: LIFETIME });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a staff reset link works until the lifetime is up, and not a minute after', async () => {
    const email = 'limited@northside.test';
    expect((await post('/api/send-password-reset-email', { email })).statusCode).toBe(200);
    const { params } = await linkOf(email);
    const verify = () => post('/api/verify-token', { token: params.token });

    // Far shorter than the 60-minute default: still good just before the configured end…
    t.clock.advanceMinutes(LIFETIME - 1);
    expect((await verify()).statusCode).toBe(200);
    // …and refused after it, like any spent link.
    t.clock.advanceMinutes(2);
    const late = await verify();
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: AUTH_FLOW_MESSAGES.invalidLink });
    const reset = await post('/api/reset-password', { token: params.token, password: 'Later2026', password_confirmation: 'Later2026' });
    expect(reset.statusCode).toBe(410);
  });

  it('a patient set-password link from the staff has the same lifetime', async () => {
    const staff = await t.login('staff@northside.test');
    const list = await t.call({ method: 'GET', url: '/api/patients?perPage=5&sort=name&direction=asc', token: staff });
    expect(list.statusCode).toBe(200);
    const patient = (list.json() as { data: { data: { id: number; email: string | null }[] } }).data.data.find((p) => p.email);
    if (!patient?.email) throw new Error('The seed has no Northside patient with an e-mail address.');

    expect((await post('/api/reset-patient-password', { patient_id: patient.id }, staff)).statusCode).toBe(200);
    const { params } = await linkOf(patient.email);
    const verify = () => post('/api/verify-token', { token: params.token, patient_id: patient.id });
    t.clock.advanceMinutes(LIFETIME - 1);
    expect((await verify()).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await verify()).statusCode).toBe(410);
  });

  it('an address confirmation link too', async () => {
    const email = 'lifetime-owner@clinic.example';
    const registered = await post('/api/register', {
      practice_name: 'Lifetime Clinic',
      owner_name: 'Lee Lifetime',
      email,
      phone: '(206) 555-0177',
      password: 'Clinic2026',
      password_confirmation: 'Clinic2026',
    });
    expect(registered.statusCode).toBe(201);
    const { params } = await linkOf(email);

    t.clock.advanceMinutes(LIFETIME + 1);
    const late = await post('/api/register/confirm', { token: params.token, id: Number(params.id) });
    expect(late.statusCode).toBe(410);
    // Signing in sends a fresh link, which works within the lifetime.
    expect((await post('/api/login', { email, password: 'Clinic2026' })).statusCode).toBe(403);
    const fresh = await linkOf(email);
    t.clock.advanceMinutes(LIFETIME - 1);
    expect((await post('/api/register/confirm', { token: fresh.params.token, id: Number(fresh.params.id) })).statusCode).toBe(200);
  });
});
