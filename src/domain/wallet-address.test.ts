import { describe, expect, it } from 'vitest';
import { addressRefusal, internalRangeOf, walletUrlRefusal } from './wallet-address.ts';

const production = { allowInternal: false, allowedHosts: new Set(['wallet.onsite.example', '10.1.2.3']) };

describe('internal addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.100.100.200', 'shared (carrier-grade NAT)'],
    ['0.0.0.0', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'private (unique local, incl. fd00:ec2::254 metadata)'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
  ])('%s is %s', (address, range) => {
    expect(internalRangeOf(address)).toBe(range);
  });

  it.each(['93.184.215.14', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(internalRangeOf(address)).toBeNull();
    },
  );
});

describe('wallet_base_url in production', () => {
  // The URL parser turns every spelling of an IPv4 address into its dotted form first.
  it.each([
    'http://127.0.0.1:9100/rf',
    'http://127.1:9100/rf',
    'http://0x7f000001/rf',
    'http://2130706433/rf',
    'http://0177.0.0.1/rf',
    'http://[::1]/rf',
    'http://[::ffff:127.0.0.1]/rf',
    'http://localhost:9100/rf',
    'http://wallet.localhost/rf',
    'http://169.254.169.254/latest/meta-data',
    'https://192.168.0.10/rf',
  ])('%s is refused', (text) => {
    expect(walletUrlRefusal(production, new URL(text))).toMatch(/refused in production/);
  });

  it('a public address or a name passes the literal check (names are checked when they resolve)', () => {
    expect(walletUrlRefusal(production, new URL('https://8.8.8.8/rf'))).toBeNull();
    expect(walletUrlRefusal(production, new URL('https://wallet.example/rf'))).toBeNull();
  });

  it('WALLET_ALLOWED_HOSTS lets an on-site wallet through, by its name or its address', () => {
    expect(walletUrlRefusal(production, new URL('http://10.1.2.3/rf'))).toBeNull();
    expect(addressRefusal(production, 'wallet.onsite.example', '10.9.9.9')).toBeNull();
    expect(addressRefusal(production, 'wallet.example', '10.9.9.9')).toMatch(
      /wallet\.example \(10\.9\.9\.9\), a private address/,
    );
  });

  it('outside production nothing is refused', () => {
    const open = { allowInternal: true, allowedHosts: new Set<string>() };
    expect(walletUrlRefusal(open, new URL('http://127.0.0.1:9100'))).toBeNull();
  });
});

describe('operator input', () => {
  it('production refuses an internal wallet_base_url when staff write it, and names the allowlist', async () => {
    const { checkOperatorInput } = await import('./operators.ts');
    const refused = checkOperatorInput(
      { name: 'Casino', wallet_mode: 'callback', wallet_base_url: 'http://0x7f000001:9100/rf' },
      undefined,
      production,
    );
    expect(refused).toMatchObject({ ok: false, problems: [expect.stringMatching(/WALLET_ALLOWED_HOSTS/)] });
    const allowed = checkOperatorInput(
      { name: 'Casino', wallet_mode: 'callback', wallet_base_url: 'http://10.1.2.3/rf' },
      undefined,
      production,
    );
    expect(allowed.ok).toBe(true);
  });
});
