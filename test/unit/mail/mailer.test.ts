import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import forge from 'node-forge';
import { SMTPServer } from 'smtp-server';
import { sendMail, SMTP_ADDRESS_REFUSED } from '../../../main/mail/mailer';
import type { MailMessage } from '../../../main/mail/invoice-mail';
import type { SmtpConfig } from '../../../main/config/smtp-url';
import { closedPort, notThatProtocol } from '../../fixtures/loopback';

const msg: MailMessage = { from: 'facturas@kipu.bo', to: 'cliente@example.com', subject: 'Factura', text: 'Hola', attachments: [] };

/** A real SMTP server on loopback that counts connections and keeps what it receives. */
async function startSmtp(): Promise<{ port: number; connections: () => number; received: string[]; close: () => Promise<void> }> {
  let connections = 0;
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    connections: () => connections,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tenant = (host: string, port: number, secure = false): SmtpConfig => ({ host, port, secure, user: null, password: null, from: 'facturas@kipu.bo', source: 'tenant' });

test('a tenant server on loopback, private, link-local or metadata space is refused without a connection; KIPU_SMTP_URL is not checked', async () => {
  const smtp = await startSmtp();
  const answers: Record<string, string[]> = { 'correo.test': ['127.0.0.1'], 'mixto.test': ['93.184.216.34', '10.0.0.5'] };
  const resolve = async (h: string) => (answers[h] ?? []).map((address) => ({ address, family: 4 as const }));
  try {
    for (const host of ['127.0.0.1', '::1', '::127.0.0.1', '64:ff9b::7f00:1', '10.0.0.5', '192.168.1.10', '169.254.169.254', 'correo.test', 'mixto.test']) {
      const r = await sendMail(tenant(host, smtp.port), msg, { resolve, connectMs: 2000 });
      assert.equal(r.ok, false, host);
      if (!r.ok) {
        assert.equal(r.code, 'SMTP_ADDRESS_REFUSED', host);
        assert.ok(r.message.startsWith(SMTP_ADDRESS_REFUSED), host);
        assert.doesNotMatch(r.message, /127\.0\.0\.1|10\.0\.0\.5/, 'the resolved address is not echoed');
      }
    }
    assert.equal(smtp.connections(), 0, 'no connection reached the server');
    // The administrator's server (KIPU_SMTP_URL) is used as given.
    const env = await sendMail({ ...tenant('127.0.0.1', smtp.port), source: 'env' }, msg, { connectMs: 2000 });
    assert.equal(env.ok, true, JSON.stringify(env));
    // The lab switch lets a tenant's loopback server through.
    assert.equal((await sendMail(tenant('127.0.0.1', smtp.port), msg, { allowPrivate: true, connectMs: 2000 })).ok, true);
  } finally {
    await smtp.close();
  }
});

test('a tenant server name is resolved once and nodemailer connects to the checked address', async () => {
  const smtp = await startSmtp();
  try {
    let lookups = 0;
    // "correo.invalid" cannot resolve through the system: the mail only arrives if nodemailer
    // connects to the address this resolver answered, without a lookup of its own.
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const r = await sendMail(tenant('correo.invalid', smtp.port), msg, { allowPrivate: true, resolve, connectMs: 2000 });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(lookups, 1);
    assert.match(smtp.received.at(-1) ?? '', /Subject: Factura/);
  } finally {
    await smtp.close();
  }
});

test('over TLS the server is asked for the name the tenant typed, not the pinned address', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'correo.kipu.test' }]);
  cert.setIssuer([{ name: 'commonName', value: 'correo.kipu.test' }]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  const names: string[] = [];
  const server = tls.createServer({
    key,
    cert: pem,
    SNICallback: (name, cb) => {
      names.push(name);
      cb(null, tls.createSecureContext({ key, cert: pem }));
    },
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as net.AddressInfo).port;
    const r = await sendMail(tenant('correo.kipu.test', port, true), msg, { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], connectMs: 2000 });
    // The certificate is self-signed, so the client walks away; what matters is the name it sent.
    assert.equal(r.ok, false);
    assert.deepEqual(names, ['correo.kipu.test']);
    if (!r.ok) {
      assert.equal(r.code, 'SMTP_UNAVAILABLE');
      assert.doesNotMatch(r.message, /self.signed|CERT|E[A-Z]{4,}/, 'the reason stays in `cause`');
      assert.match(r.cause ?? '', /self.signed|certificate/i);
    }
  } finally {
    server.close();
  }
});

test('refused, not SMTP and not resolving read the same, so the answers cannot map ports (issue #19, finding 8)', async () => {
  const closed = await closedPort();
  // An open port with something else behind it.
  const http = await notThatProtocol();
  const httpPort = http.port;
  const resolve = async (h: string) => {
    if (h === 'correo.test') return [{ address: '127.0.0.1', family: 4 as const }];
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  try {
    const results = [
      await sendMail(tenant('correo.test', closed), msg, { allowPrivate: true, resolve, connectMs: 2000 }),
      await sendMail(tenant('correo.test', httpPort), msg, { allowPrivate: true, resolve, connectMs: 2000 }),
      await sendMail(tenant('nadie.test', closed), msg, { allowPrivate: true, resolve, connectMs: 2000 }),
    ];
    const texts = results.map((r) => (r.ok ? 'ok' : `${r.code} ${r.message.replace(/ \S+:\d+\./, ' X.')}`));
    assert.equal(new Set(texts).size, 1, texts.join('\n'));
    assert.match(texts[0]!, /^SMTP_UNAVAILABLE No se pudo conectar con el servidor de correo X\./);
    for (const r of results) if (!r.ok) assert.doesNotMatch(r.message, /E[A-Z]{4,}|HTTP|getaddrinfo/);
  } finally {
    http.close();
  }
});
