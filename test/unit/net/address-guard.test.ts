import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANY_ADDRESS, blockedReason, checkTarget, classifyAddress, parseIPv6, PUBLIC_ONLY, resolveChecked, TargetRejected } from '../../../main/net/address-guard';

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
  for (const a of ['2001:4860:4860::8888', '2606:4700::1111', '2800:cd0::1']) assert.equal(blockedReason(a), null, a);
  // Outside 2000::/3 nothing is handed out as global unicast; deprecated site-local is not public.
  for (const a of ['fec0::1', '4000::1', '2001:db8::1', '100::1']) assert.notEqual(blockedReason(a), null, a);
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

test('IPv4 carried in IPv4-compatible, IPv4-translated, NAT64, 6to4 and Teredo addresses is judged (issue #19, finding 11)', () => {
  // The three addresses the review showed passing, each meaning 127.0.0.1.
  for (const a of ['::127.0.0.1', '[::127.0.0.1]', '::7f00:1', '64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '2002:7f00:1::', '2002:7f00:0001:abcd::5']) {
    assert.match(blockedReason(a) ?? 'passed', /loopback/, a);
  }
  assert.match(blockedReason('::ffff:0:10.1.2.3')!, /privada/, 'IPv4-translated (SIIT)');
  assert.match(blockedReason('64:ff9b::a9fe:a9fe')!, /metadatos/, 'NAT64 of 169.254.169.254');
  assert.match(blockedReason('2002:c0a8:0101::1')!, /privada/, '6to4 of 192.168.1.1');
  // Teredo: the client's IPv4 address is the last 32 bits inverted (127.0.0.1 → 80ff:fffe).
  assert.match(blockedReason('2001:0:4136:e378:8000:63bf:80ff:fffe')!, /loopback/);
  // Public IPv4 behind the same prefixes stays public; other NAT64 space is not.
  assert.equal(blockedReason('64:ff9b::808:808'), null);
  assert.equal(blockedReason('2002:808:808::1'), null);
  assert.notEqual(blockedReason('64:ff9b:1::7f00:1'), null, 'local-use NAT64 prefix');
  // ::1 and :: keep their own names (they also have the IPv4-compatible shape).
  assert.equal(classifyAddress('::1').class, 'loopback');
  assert.equal(classifyAddress('::').class, 'unspecified');
});

test('cloud metadata addresses have their own class, even inside ranges a printer may use', () => {
  for (const a of ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
    assert.equal(classifyAddress(a).class, 'metadata', a);
  }
  assert.equal(classifyAddress('fd00:ec2::253').class, 'private');
  assert.equal(classifyAddress('192.168.1.50').class, 'private');
  assert.equal(classifyAddress('100.64.0.1').class, 'shared');
  assert.equal(classifyAddress('caja1.local').class, 'invalid');
});

test('resolveChecked pins the first address and names the refused one; a failed or slow lookup is "unresolvable"', async () => {
  const answers = { 'ok.example': ['93.184.216.34', '2606:2800:220:1::1'], 'rebind.example': ['93.184.216.34', '::ffff:127.0.0.1'], 'empty.example': [] as string[] };
  const resolve = async (h: string) => {
    const list = answers[h as keyof typeof answers];
    if (!list) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  assert.deepEqual(await resolveChecked('ok.example', PUBLIC_ONLY, { resolve }), { ok: true, address: { address: '93.184.216.34', family: 4 } });
  const refused = await resolveChecked('rebind.example', PUBLIC_ONLY, { resolve });
  assert.equal(refused.ok, false);
  if (!refused.ok && refused.reason === 'refused') assert.equal(refused.info.class, 'loopback');
  else assert.fail('expected a refusal');
  assert.equal((await resolveChecked('rebind.example', ANY_ADDRESS, { resolve })).ok, true);
  assert.deepEqual(await resolveChecked('nowhere.example', PUBLIC_ONLY, { resolve }), { ok: false, reason: 'unresolvable', cause: 'ENOTFOUND' });
  assert.equal(((await resolveChecked('empty.example', PUBLIC_ONLY, { resolve })) as { reason: string }).reason, 'unresolvable');
  const slow = await resolveChecked('slow.example', PUBLIC_ONLY, { resolve: () => new Promise(() => undefined), timeoutMs: 50 });
  assert.equal((slow as { reason: string }).reason, 'unresolvable');
  // Literals are not looked up at all.
  assert.deepEqual(await resolveChecked('[2606:4700::1111]', PUBLIC_ONLY, { resolve: () => Promise.reject(new Error('no')) }), { ok: true, address: { address: '2606:4700::1111', family: 6 } });
});
