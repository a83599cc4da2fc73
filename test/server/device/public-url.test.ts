/**
 * PUBLIC_URL (issue 41 item 2): the passkeys' relying party is read from configuration at start, with
 * RP_ID and RP_ORIGIN still accepted; a value browsers would refuse stops the start with a clear line
 * instead of failing every enrolment later.
 */
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';

describe('PUBLIC_URL', () => {
  it('defaults to http://localhost:<PORT>', () => {
    const env = readEnv({ PORT: '8123' });
    expect(env.publicUrl).toBe('http://localhost:8123');
    expect(env.relyingParty).toEqual({ id: 'localhost', origin: 'http://localhost:8123' });
  });

  it('gives the RP ID and origin of the public address; RP_ID and RP_ORIGIN override their part', () => {
    expect(readEnv({ PUBLIC_URL: 'https://Hadir.Example.com/' }).relyingParty).toEqual({
      id: 'hadir.example.com',
      origin: 'https://hadir.example.com',
    });
    const parent = readEnv({ PUBLIC_URL: 'https://hadir.example.com', RP_ID: 'example.com' });
    expect(parent.relyingParty).toEqual({ id: 'example.com', origin: 'https://hadir.example.com' });
    const older = readEnv({ RP_ID: 'hadir.example.com', RP_ORIGIN: 'https://hadir.example.com' });
    expect(older.relyingParty).toEqual({ id: 'hadir.example.com', origin: 'https://hadir.example.com' });
    expect(older.publicUrl).toBe('https://hadir.example.com');
  });

  it('refuses an address with a path, a non-URL, and an RP ID the origin does not belong to', () => {
    expect(() => readEnv({ PUBLIC_URL: 'https://hadir.example.com/app' })).toThrow(/PUBLIC_URL/);
    expect(() => readEnv({ PUBLIC_URL: 'hadir.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => readEnv({ PUBLIC_URL: 'https://hadir.example.com', RP_ID: 'evil.test' })).toThrow(/RP_ID/);
    expect(() => readEnv({ PUBLIC_URL: 'https://hadir.example.com', RP_ID: 'ample.com' })).toThrow(/RP_ID/);
  });
});
