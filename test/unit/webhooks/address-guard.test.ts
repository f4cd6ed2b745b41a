import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockedReason, checkTarget, parseIPv6, TargetRejected } from '../../../main/webhooks/address-guard';

test('IPv4 loopback, private, link-local, CGNAT, unspecified and multicast are blocked; public addresses pass', () => {
  for (const a of ['127.0.0.1', '127.255.0.9', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '224.0.0.1', '255.255.255.255']) {
    assert.notEqual(blockedReason(a), null, a);
  }
  for (const a of ['8.8.8.8', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1', '11.0.0.1']) {
    assert.equal(blockedReason(a), null, a);
  }
  assert.match(blockedReason('10.1.2.3')!, /privada/);
  assert.match(blockedReason('127.0.0.1')!, /loopback/);
});

test('IPv6 loopback, unspecified, unique-local, link-local and multicast are blocked; global unicast passes', () => {
  for (const a of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'ff02::1', '[::1]', 'fe80::1%eth0']) {
    assert.notEqual(blockedReason(a), null, a);
  }
  for (const a of ['2001:4860:4860::8888', '2606:4700::1111', 'fec0::1']) assert.equal(blockedReason(a), null, a);
});

test('IPv4-mapped IPv6 is judged by its IPv4 address, in dotted and hex form', () => {
  assert.match(blockedReason('::ffff:127.0.0.1')!, /loopback/);
  assert.match(blockedReason('::ffff:7f00:1')!, /loopback/);
  assert.match(blockedReason('::ffff:a00:5')!, /privada/);
  assert.match(blockedReason('::ffff:169.254.169.254')!, /enlace local/);
  assert.equal(blockedReason('::ffff:8.8.8.8'), null);
});

test('parses IPv6 literals to 16 bytes and refuses malformed ones', () => {
  assert.deepEqual(parseIPv6('::1'), [...Array(15).fill(0), 1]);
  assert.deepEqual(parseIPv6('::ffff:1.2.3.4')!.slice(10), [0xff, 0xff, 1, 2, 3, 4]);
  assert.equal(parseIPv6('1::2::3'), null);
  assert.equal(parseIPv6('1:2:3:4:5:6:7:8:9'), null);
});

test('a host is refused when any of its addresses is private, unless private targets are allowed', async () => {
  const resolve = async () => [
    { address: '93.184.216.34', family: 4 as const },
    { address: '10.0.0.7', family: 4 as const },
  ];
  await assert.rejects(checkTarget('https://mixed.example/x', { allowPrivate: false, resolve }), (e: unknown) => e instanceof TargetRejected && /10\.0\.0\.7/.test(e.message));
  assert.deepEqual(await checkTarget('https://mixed.example/x', { allowPrivate: true, resolve }), { address: '93.184.216.34', family: 4 });
  assert.deepEqual(await checkTarget('https://[2606:4700::1111]/x', { allowPrivate: false }), { address: '2606:4700::1111', family: 6 });
});
