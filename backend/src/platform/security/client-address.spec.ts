import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, in any spelling', () => {
    const a = clientAddressKey('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe(a);
    expect(clientAddressKey('2001:db8:1:2:0:0:0:9%eth0')).toBe(a);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('answers unknown for anything that is not an address', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('not-an-ip')).toBe('unknown');
  });
});
