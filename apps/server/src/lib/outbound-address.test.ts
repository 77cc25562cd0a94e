import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, resolveAllowed } from './outbound-address.ts';

describe('outbound address rules (SSRF)', () => {
  it.each([
    ['127.0.0.1'],
    ['127.0.0.2'],
    ['10.1.2.3'],
    ['172.16.0.1'],
    ['172.31.255.255'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['::1'],
    ['::'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:0:10.0.0.1'],
    ['64:ff9b::a00:1'],
    ['fd00:ec2::254'],
    ['not an address'],
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([['8.8.8.8'], ['1.1.1.1'], ['172.32.0.1'], ['192.169.0.1'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8']])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('checks what a name resolves to, every address of it, and lets the operator allow a host', async () => {
    const dns: Record<string, string[]> = {
      'hooks.example.com': ['93.184.216.34'],
      'sneaky.example.com': ['93.184.216.34', '10.0.0.5'],
      'metadata.example.com': ['169.254.169.254'],
      'v6.example.com': ['::1'],
      'receiver.test': ['127.0.0.1'],
    };
    const resolve = async (host: string) => dns[host] ?? [];
    const none = new Set<string>();
    await expect(resolveAllowed('hooks.example.com', none, resolve)).resolves.toEqual(['93.184.216.34']);
    await expect(resolveAllowed('sneaky.example.com', none, resolve)).rejects.toThrow('resolves to 10.0.0.5');
    await expect(resolveAllowed('metadata.example.com', none, resolve)).rejects.toThrow('169.254.169.254');
    await expect(resolveAllowed('v6.example.com', none, resolve)).rejects.toThrow('::1');
    await expect(resolveAllowed('[::1]', none, resolve)).rejects.toThrow();
    await expect(resolveAllowed('127.0.0.2', none, resolve)).rejects.toThrow();
    await expect(resolveAllowed('unknown.example.com', none, resolve)).rejects.toThrow('has no address');
    await expect(resolveAllowed('receiver.test', new Set(['receiver.test']), resolve)).resolves.toEqual(['127.0.0.1']);
    await expect(resolveAllowed('127.0.0.1', new Set(['127.0.0.1']), resolve)).resolves.toEqual(['127.0.0.1']);
  });
});
