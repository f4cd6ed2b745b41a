// Domain errors are codes; the API edge's one table gives each its HTTP status (issue 30 point 5,
// decision 0090). The compiler holds the table to the classes listed in `Translated`; these tests
// hold every DomainError class of the engine to that list, keep HTTP statuses out of the domains'
// errors, and check the answers whose status the domain used to choose itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainApiError } from '../../../main/api/domain-errors';
import { PeopleError } from '../../../main/till-users/till-people';
import { DocumentCheckError } from '../../../main/invoicing/document-check';
import { PurchaseError } from '../../../main/purchases/purchase-error';
import { IssueError } from '../../../main/invoicing/issue-error';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('every DomainError class of the engine is in the API edge table (else it would answer a 500)', () => {
  const table = readFileSync(join(ROOT, 'main/api/domain-errors.ts'), 'utf8');
  const union = /type Translated =([^;]*);/.exec(table)?.[1] ?? '';
  const classes = sourceFiles('main').flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/class (\w+) extends DomainError</g)].map((m) => m[1]!));
  assert.ok(classes.length >= 20, `only ${classes.length} DomainError classes found`);
  assert.deepEqual(
    classes.filter((c) => !new RegExp(`\\| ${c}\\b`).test(union)),
    [],
  );
});

test('no error class of a domain carries an HTTP status', () => {
  const offenders = sourceFiles('main')
    .filter((f) => !/^main\/(api|central|siat|siat-sim|engine|desktop)\//.test(f.split('\\').join('/')))
    .filter((f) => /class \w+ extends (Error|DomainError)[^{]*\{[^}]*readonly status\b/s.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(offenders, []);
});

test('a refused sign-in is a 401, a refused approval a 403, with the same API code', () => {
  const answer = (e: Error) => {
    const a = domainApiError(e)!;
    return [a.status, a.code];
  };
  assert.deepEqual(answer(new PeopleError('WRONG_PIN', 'PIN incorrecto')), [401, 'WRONG_PIN']);
  assert.deepEqual(answer(new PeopleError('APPROVAL_WRONG_PIN', 'PIN incorrecto')), [403, 'WRONG_PIN']);
  assert.deepEqual(answer(new PeopleError('UNKNOWN_USER', 'No hay')), [401, 'UNKNOWN_USER']);
  assert.deepEqual(answer(new PeopleError('APPROVAL_UNKNOWN_USER', 'No hay')), [403, 'UNKNOWN_USER']);
  assert.deepEqual(answer(new PeopleError('USER_LOCKED', 'bloqueado')), [423, 'USER_LOCKED']);
});

test("the answer carries the domain's fields and SIAT's words unchanged", () => {
  const doc = domainApiError(new DocumentCheckError('schema', ['línea 3: falta nitEmisor']))!;
  assert.deepEqual([doc.status, doc.code, doc.detail], [422, 'XSD_INVALID', 'El documento no cumple el esquema XSD de SIAT: línea 3: falta nitEmisor. No se emitió ni se guardó nada.']);
  assert.deepEqual(doc.extra, { fields: [{ field: 'documento', rule: 'xsd', message: 'línea 3: falta nitEmisor' }] });
  const siat = { code: 1037, messages: [{ codigo: 1037, descripcion: 'NIT INEXISTENTE' }] };
  const nit = domainApiError(new IssueError('NIT_INVALID', 'NIT no válido', [{ field: 'clientDocumentNumber', rule: 'SIAT_1037', message: 'NIT INEXISTENTE' }], siat))!;
  assert.deepEqual([nit.status, nit.code], [422, 'NIT_INVALID']);
  assert.deepEqual(nit.extra, { fields: [{ field: 'clientDocumentNumber', rule: 'SIAT_1037', message: 'NIT INEXISTENTE' }], siatCode: 1037, siatMessages: siat.messages });
  // SIAT gave no code: only its messages travel; no fields: none are invented.
  const refused = domainApiError(new PurchaseError('SIAT_REFUSED', 'SIAT rechazó', [], { code: null, messages: siat.messages }))!;
  assert.deepEqual([refused.status, refused.code, refused.extra], [422, 'SIAT_REJECTED', { siatMessages: siat.messages }]);
});
