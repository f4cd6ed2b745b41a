import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateSecret, maskSecret, hintOf, sign, verify } from '../../../main/webhooks/signature';

// The Standard Webhooks reference vector (also in the svix libraries' tests).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = '{"test": 2432232314}';

test('signs "<id>.<timestamp>.<body>" with the decoded secret as the Standard Webhooks vector expects', () => {
  assert.equal(sign(SECRET, ID, TS, BODY), 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  assert.equal(sign(SECRET, ID, TS, Buffer.from(BODY)), 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

test('verifies among several signatures and refuses a changed body, id or secret', () => {
  const header = `v1,bm9wZQ== ${sign(SECRET, ID, TS, BODY)}`;
  assert.equal(verify(SECRET, ID, TS, BODY, header), true);
  assert.equal(verify(SECRET, ID, TS, BODY + ' ', header), false);
  assert.equal(verify(SECRET, 'msg_other', TS, BODY, header), false);
  assert.equal(verify(generateSecret(), ID, TS, BODY, header), false);
});

test('secrets are whsec_ + base64 of 32 random bytes and are masked in listings', () => {
  const s = generateSecret();
  assert.match(s, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(Buffer.from(s.slice(6), 'base64').length, 32);
  assert.notEqual(generateSecret(), s);
  const masked = maskSecret(hintOf(s));
  assert.equal(masked, `whsec_****${s.slice(-4)}`);
});
