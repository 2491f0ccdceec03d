import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyHost, destinationPolicy, refusedKind } from '../../src/domain/outgoing-address.ts';

/** As registration and delivery see a URL: through WHATWG URL parsing. */
const hostOf = (url: string) => classifyHost(new URL(url).hostname);

describe('classifyHost over URLs', () => {
  it.each([
    // the metadata address in every spelling
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://0xa9fea9fe/', 'link-local'],
    ['http://2852039166/', 'link-local'],
    ['http://0251.0376.0251.0376/', 'link-local'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
    ['http://169.254.169.254./', 'link-local'],
    ['http://[::ffff:169.254.169.254]/', 'link-local'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'link-local'],
    ['http://[::ffff:0:a9fe:a9fe]/', 'link-local'],
    ['http://[::169.254.169.254]/', 'link-local'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'link-local'],
    ['http://169.254.1.2:8080/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[febf:ffff::1]/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'link-local'],
    ['http://[FD00:EC2:0:0:0:0:0:254]/', 'link-local'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'link-local'],
    ['http://metadata.google.internal./', 'link-local'],
    ['http://METADATA.Google.Internal/', 'link-local'],
    ['http://metadata/', 'link-local'],
    ['http://100.100.100.200/', 'link-local'],
    // this machine
    ['http://127.0.0.1:5432/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://127.255.255.254/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://0.0.0.0/', 'loopback'],
    ['http://0/', 'loopback'],
    ['http://[::]/', 'loopback'],
    ['http://localhost:3000/', 'loopback'],
    ['http://LOCALHOST./', 'loopback'],
    ['http://app.localhost/', 'loopback'],
    // where operators' apps live, and the internet
    ['http://10.0.0.5/logout', 'other'],
    ['http://172.16.0.1/', 'other'],
    ['http://172.31.255.254/', 'other'],
    ['http://192.168.1.10/', 'other'],
    ['http://[fc00::1]/', 'other'],
    ['http://[fd12:3456::1]/', 'other'],
    ['http://[fd00:ec2::253]/', 'other'],
    ['http://[::ffff:10.0.0.5]/', 'other'],
    ['http://[2001:db8::1]/', 'other'],
    ['http://[fec0::1]/', 'other'],
    ['http://169.253.255.255/', 'other'],
    ['http://169.255.0.1/', 'other'],
    ['https://wiki.example.com/logout', 'other'],
    ['https://metadata.example.com/', 'other'],
    ['https://localhost.example.com/', 'other'],
  ])('%s is %s', (url, kind) => expect(hostOf(url)).toBe(kind));
});

describe('classifyAddress over resolver answers', () => {
  it.each([
    ['169.254.169.254', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fd00:ec2::254', 'link-local'],
    ['127.0.0.53', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'other'],
    ['2606:4700::1111', 'other'],
  ])('%s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it('answers undefined for what is no IP address', () => {
    expect(classifyAddress('evil.test')).toBeUndefined();
    expect(classifyAddress('0xa9fea9fe')).toBeUndefined();
  });
});

describe('destinationPolicy and refusedKind', () => {
  it('allows loopback only while PUBLIC_URL is on loopback', () => {
    expect(destinationPolicy('http://localhost:3000')).toEqual({ allowLoopback: true });
    expect(destinationPolicy('http://127.0.0.1:3000')).toEqual({ allowLoopback: true });
    expect(destinationPolicy('http://[::1]:3000')).toEqual({ allowLoopback: true });
    expect(destinationPolicy('https://portal.example.com')).toEqual({ allowLoopback: false });
  });

  it('always refuses link-local, refuses loopback unless allowed, and allows the rest', () => {
    for (const allowLoopback of [true, false]) {
      expect(refusedKind('link-local', { allowLoopback })).toBe('link-local');
      expect(refusedKind('other', { allowLoopback })).toBeUndefined();
    }
    expect(refusedKind('loopback', { allowLoopback: false })).toBe('loopback');
    expect(refusedKind('loopback', { allowLoopback: true })).toBeUndefined();
  });
});
