import { PATIENT_SESSION_CACHE_MS, createPatientSessionCache } from './patient-sessions';

const session = (id: number) => ({
  id,
  patientId: 1000 + id,
  lastUsedAt: new Date('2026-11-27T06:00:00Z'),
  revokedAt: null,
  programId: 101,
  patientStatus: 1,
  programStatus: 1,
});

describe('the patient session cache', () => {
  it('trusts a session it read for a bounded time only, however often it is used', () => {
    let clock = 0;
    const cache = createPatientSessionCache(() => clock);
    cache.set('a', session(1));
    clock = PATIENT_SESSION_CACHE_MS - 1;
    expect(cache.get('a')?.id).toBe(1);
    clock = PATIENT_SESSION_CACHE_MS;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a session ended here at once (logout), whichever token digests name it', () => {
    const cache = createPatientSessionCache(() => 0);
    cache.set('a', session(1));
    cache.set('b', session(2));
    cache.forgetSession(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.id).toBe(2);
  });

  it('keeps at most its size, the oldest read going first', () => {
    const cache = createPatientSessionCache(() => 0, PATIENT_SESSION_CACHE_MS, 2);
    cache.set('a', session(1));
    cache.set('b', session(2));
    cache.set('c', session(3));
    expect([cache.get('a'), cache.get('b')?.id, cache.get('c')?.id]).toEqual([undefined, 2, 3]);
  });
});
