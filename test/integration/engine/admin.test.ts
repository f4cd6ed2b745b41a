import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tempDir } from '../../fixtures/tmp';
import { openStore } from '../../../main/store/store';
import { entryArgs } from '../../fixtures/entry';

function admin(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [...entryArgs('admin'), ...args], {
    env: { ...process.env, KIPU_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('admin CLI: tenant create prints a working key once; key create/list/revoke; clear errors', () => {
  const { dir, cleanup } = tempDir();
  try {
    const created = admin(dir, 'tenant', 'create', '--nit', '1234567019', '--name', 'MINIMARKET SAN JOSÉ');
    assert.equal(created.code, 0, created.err);
    const key = /Clave de API \(se muestra una sola vez, guárdela\): (\S+)/.exec(created.out)?.[1];
    assert.ok(key, created.out);

    const dup = admin(dir, 'tenant', 'create', '--nit', '1234567019', '--name', 'OTRA');
    assert.equal(dup.code, 1);
    assert.match(dup.err, /Ya existe un contribuyente con NIT 1234567019/);

    const badNit = admin(dir, 'tenant', 'create', '--nit', '12A', '--name', 'X');
    assert.equal(badNit.code, 1);
    assert.match(badNit.err, /NIT inválido/);

    const missing = admin(dir, 'tenant', 'create', '--nit', '99');
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Falta --name/);

    const unknown = admin(dir, 'key', 'create', '--nit', '999999');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No existe un contribuyente con NIT 999999/);

    const second = admin(dir, 'key', 'create', '--nit', '1234567019', '--name', 'ERP');
    assert.equal(second.code, 0);
    const prefix = /prefijo (\w+)/.exec(second.out)?.[1];
    assert.ok(prefix);

    const list = admin(dir, 'key', 'list', '--nit', '1234567019');
    assert.equal(list.code, 0);
    assert.equal(list.out.trim().split('\n').length, 2);
    assert.ok(!list.out.includes(key!), 'list never shows a key');

    const revoke = admin(dir, 'key', 'revoke', '--nit', '1234567019', '--key', prefix!);
    assert.equal(revoke.code, 0, revoke.err);
    assert.match(admin(dir, 'key', 'list', '--nit', '1234567019').out, /revocada/);
    assert.equal(admin(dir, 'key', 'revoke', '--nit', '1234567019', '--key', prefix!).code, 1);

    const store = openStore(dir);
    try {
      const info = store.apiKeys.authenticate(key!);
      assert.ok(info, 'the printed key authenticates');
      assert.equal(store.tenants.byId(info.tenantId)?.razonSocial, 'MINIMARKET SAN JOSÉ');
      assert.equal(store.pointsOfSale.list(info.tenantId).length, 1);
    } finally {
      store.close();
    }

    const usage = admin(dir, 'bogus');
    assert.equal(usage.code, 1);
    assert.match(usage.err, /Uso: npm run admin/);
  } finally {
    cleanup();
  }
});

test('admin CLI: tenant provider --nit <NIT> on|off sets the provider flag; tenant list shows it; stray words are refused', () => {
  const { dir, cleanup } = tempDir();
  try {
    assert.equal(admin(dir, 'tenant', 'create', '--nit', '2345678016', '--name', 'INTEGRADOR ANDINO S.R.L.').code, 0);
    const on = admin(dir, 'tenant', 'provider', '--nit', '2345678016', 'on');
    assert.equal(on.code, 0, on.err);
    assert.match(on.out, /NIT 2345678016 es proveedor: puede registrar usuarios de terceros/);
    assert.match(admin(dir, 'tenant', 'list').out, /^2345678016\tINTEGRADOR ANDINO S\.R\.L\.\t[0-9a-f-]{36}\t\(proveedor\)$/m);
    const check = (expected: boolean) => {
      const store = openStore(dir);
      try {
        assert.equal(store.tenants.byNit('2345678016')?.provider, expected);
      } finally {
        store.close();
      }
    };
    check(true);
    const off = admin(dir, 'tenant', 'provider', '--nit', '2345678016', 'off');
    assert.equal(off.code, 0, off.err);
    assert.match(off.out, /ya no es proveedor/);
    assert.doesNotMatch(admin(dir, 'tenant', 'list').out, /proveedor/);
    check(false);

    const noState = admin(dir, 'tenant', 'provider', '--nit', '2345678016');
    assert.equal(noState.code, 1);
    assert.match(noState.err, /Indique on u off/);
    assert.equal(admin(dir, 'tenant', 'provider', '--nit', '2345678016', 'on', 'off').code, 1);
    const unknown = admin(dir, 'tenant', 'provider', '--nit', '999999', 'on');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No existe un contribuyente con NIT 999999/);
    const stray = admin(dir, 'tenant', 'list', 'on');
    assert.equal(stray.code, 1);
    assert.match(stray.err, /Argumento inesperado: on/);
    check(false);
  } finally {
    cleanup();
  }
});
