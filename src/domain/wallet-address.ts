// Which addresses a wallet callback may reach. In production an operator's wallet_base_url must not
// lead Reelforge to itself or its neighbours (loopback, private, link-local, cloud metadata, …),
// whatever form the address takes (`127.1`, `0x7f000001`, `::ffff:127.0.0.1`, a name that resolves
// there): the check runs on the address actually connected to. WALLET_ALLOWED_HOSTS names the
// on-site wallets that are allowed anyway.

import { BlockList, isIP } from 'node:net';
import type { WalletAddressPolicy } from '../config.ts';

/** Internal ranges, each with the name staff are told. */
const RANGES: ReadonlyArray<[network: string, prefix: number, family: 'ipv4' | 'ipv6', name: string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (an IPv4 address behind it)'],
  ['fc00::', 7, 'ipv6', 'private (unique local, incl. fd00:ec2::254 metadata)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const LISTS = RANGES.map(([network, prefix, family, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, name };
});

/** The internal range an IP address is in (IPv4-mapped IPv6 included), or null for a public address. */
export function internalRangeOf(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { list, name } of LISTS) if (list.check(address, type)) return name;
  return null;
}

/** Where wallets may be called (config.ts reads it from the environment). */
export type { WalletAddressPolicy };

export const OPEN_ADDRESS_POLICY: WalletAddressPolicy = { allowInternal: true, allowedHosts: new Set() };

/** A URL's host as the allowlist names it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why `host` connecting to `address` is refused, or null when it may. `host` is the URL's host (a
 * name, or the address itself); `address` is what it resolved to.
 */
export function addressRefusal(policy: WalletAddressPolicy, host: string, address: string): string | null {
  if (policy.allowInternal || policy.allowedHosts.has(host.toLowerCase())) return null;
  const range = internalRangeOf(address);
  if (range === null) return null;
  const via = host === address ? address : `${host} (${address})`;
  return `wallet_base_url reaches ${via}, a ${range} address: refused in production unless WALLET_ALLOWED_HOSTS names ${host}`;
}

/** A wallet_base_url that is refused before any call: by its literal host (an IP address, localhost). */
export function walletUrlRefusal(policy: WalletAddressPolicy, url: URL): string | null {
  const host = hostOf(url);
  if (policy.allowInternal || policy.allowedHosts.has(host)) return null;
  if (host === 'localhost' || host.endsWith('.localhost')) return addressRefusal(policy, host, '127.0.0.1');
  return isIP(host) ? addressRefusal(policy, host, host) : null;
}
