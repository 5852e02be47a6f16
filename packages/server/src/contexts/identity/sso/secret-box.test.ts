import { openSecret, sealSecret } from './secret-box';

describe('client secrets at rest', () => {
  it('are sealed with AES-GCM under SSO_SECRET_KEY and opened again', () => {
    const sealed = sealSecret('s3cret-of-the-client', 'a long random key');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('s3cret');
    expect(sealSecret('s3cret-of-the-client', 'a long random key')).not.toBe(sealed);
    expect(openSecret(sealed, 'a long random key')).toBe('s3cret-of-the-client');
  });

  it('refuse a wrong key, a changed text, or a missing key', () => {
    const sealed = sealSecret('s3cret', 'key one');
    expect(() => openSecret(sealed, 'key two')).toThrow();
    const [prefix, iv, tag, body = ''] = sealed.split(':');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => openSecret([prefix, iv, tag, flipped].join(':'), 'key one')).toThrow();
    expect(() => openSecret(sealed, undefined)).toThrow('SSO_SECRET_KEY');
  });

  it('are kept as they are without a key (a demonstration set-up)', () => {
    expect(sealSecret('plain', undefined)).toBe('plain');
    expect(openSecret('plain', 'any key')).toBe('plain');
  });
});
