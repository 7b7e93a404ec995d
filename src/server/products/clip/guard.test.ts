import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, normalizeHost, parseIPv4Loose } from './guard';

describe('isForbiddenAddress — IPv4', () => {
  it.each([
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['192.168.1.1'],
    ['127.0.0.1'],
    ['127.255.255.254'],
    ['169.254.0.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['100.127.255.255'],
    ['0.0.0.0'],
    ['0.1.2.3'],
    ['224.0.0.1'],
    ['239.255.255.250'],
    ['240.0.0.1'],
    ['255.255.255.255'],
    ['192.0.2.10'],
    ['198.18.0.1'],
    ['198.51.100.7'],
    ['203.0.113.5'],
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['192.169.0.1'],
    ['169.253.255.255'],
    ['223.255.255.255'],
    ['11.0.0.1'],
  ])('allows public %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('isForbiddenAddress — IPv6', () => {
  it.each([
    ['::'],
    ['::1'],
    ['0:0:0:0:0:0:0:1'],
    ['[::1]'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['febf::1'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['fd00:ec2::254'],
    ['ff02::1'],
    ['2001:db8::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:192.168.0.1'],
    ['0:0:0:0:0:ffff:a00:1'],
    ['::127.0.0.1'],
    ['64:ff9b::10.0.0.1'],
    ['64:ff9b::7f00:1'],
    ['64:ff9b::a9fe:a9fe'],
    ['64:ff9b:1::1'],
    ['2002:7f00:1::1'],
    ['2002:c0a8:101::1'],
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['64:ff9b::8.8.8.8'],
    ['2002:808:808::1'],
    ['fbff::1'],
  ])('allows public %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('isForbiddenAddress — numeric IPv4 forms and garbage', () => {
  it.each([
    ['2130706433'], // 127.0.0.1 as one decimal number
    ['0x7f000001'],
    ['0x7f.1'],
    ['0x7F.0.0.1'],
    ['0177.0.0.1'],
    ['017700000001'],
    ['127.1'],
    ['127.0.1'],
    ['0'],
    ['167772161'], // 10.0.0.1
    ['0xa9.0xfe.0xa9.0xfe'], // 169.254.169.254
    ['2852039166'], // 169.254.169.254
    ['0xc0.0xa8.1.1'],
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it('allows a public address in decimal form', () => {
    expect(isForbiddenAddress('134744072')).toBe(false); // 8.8.8.8
    expect(isForbiddenAddress('0x8.0x8.0x8.0x8')).toBe(false);
  });

  it.each([['example.com'], [''], ['not an ip'], ['1.2.3.4.5'], ['256.1.1.1'], ['::g'], ['1:2:3']])(
    'fails closed on %j',
    (value) => {
      expect(isForbiddenAddress(value)).toBe(true);
    },
  );
});

describe('normalizeHost / parseIPv4Loose', () => {
  it('turns numeric forms into dotted quads', () => {
    expect(normalizeHost('2130706433')).toBe('127.0.0.1');
    expect(normalizeHost('0x7f.1')).toBe('127.0.0.1');
    expect(normalizeHost('0177.0.0.01')).toBe('127.0.0.1');
    expect(normalizeHost('10.1')).toBe('10.0.0.1');
    expect(normalizeHost('192.168.257')).toBe('192.168.1.1');
    expect(normalizeHost('0x')).toBe('0.0.0.0');
  });

  it('agrees with the WHATWG URL parser for hosts in URLs', () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
    ]) {
      const host = new URL(url).hostname;
      expect(host).toBe('127.0.0.1');
      expect(normalizeHost(url.slice(7, -1))).toBe('127.0.0.1');
      expect(isForbiddenAddress(host)).toBe(true);
    }
  });

  it('strips brackets, zones, case and trailing dots', () => {
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('FE80::1%eth0')).toBe('fe80::1');
    expect(normalizeHost('Shop.Example.')).toBe('shop.example');
  });

  it('rejects invalid numeric forms', () => {
    expect(parseIPv4Loose('256.0.0.1')).toBeNull();
    expect(parseIPv4Loose('1.2.3.4.5')).toBeNull();
    expect(parseIPv4Loose('08.0.0.1')).toBeNull();
    expect(parseIPv4Loose('4294967296')).toBeNull();
    expect(parseIPv4Loose('cafe')).toBeNull();
    expect(parseIPv4Loose('1..2')).toBeNull();
    expect(parseIPv4Loose('4294967295')).toBe('255.255.255.255');
  });
});
