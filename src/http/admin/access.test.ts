import { describe, expect, it } from 'vitest';
import type { Services } from '../../services/index.ts';
import { sessionCookie, staffCookie } from './access.ts';

const servicesIn = (appEnv: string) => ({ config: { appEnv } }) as unknown as Services;

describe('the staff session cookie', () => {
  it('is Secure outside development and test', () => {
    for (const env of ['staging', 'production'])
      expect(sessionCookie(servicesIn(env), 'rfs_x')).toBe(
        'rf_staff=rfs_x; HttpOnly; SameSite=Strict; Path=/; Max-Age=28800; Secure',
      );
    for (const env of ['development', 'test'])
      expect(sessionCookie(servicesIn(env), 'rfs_x')).toBe(
        'rf_staff=rfs_x; HttpOnly; SameSite=Strict; Path=/; Max-Age=28800',
      );
  });

  it('is cleared on sign-out', () => {
    expect(sessionCookie(servicesIn('production'), null)).toMatch(
      /^rf_staff=; HttpOnly; SameSite=Strict; Path=\/; Max-Age=0; Secure$/,
    );
  });

  it('is read from a Cookie header among others', () => {
    expect(staffCookie('a=1; rf_staff=rfs_abc; b=2')).toBe('rfs_abc');
    expect(staffCookie('rf_staffx=1')).toBeUndefined();
    expect(staffCookie(undefined)).toBeUndefined();
  });
});
