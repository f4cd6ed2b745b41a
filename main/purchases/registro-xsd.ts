// Validation of purchase XMLs against the official schemas in resources/siat/xsd
// (registroCompra.xsd, confirmacionCompra.xsd; PURCHASES.md §1.2). Unlike invoices, Kipu checks
// every purchase before storing it as ready to send: a purchase SIAT would refuse is better
// fixed while the supplier's invoice is still at hand.
//
// Everything goes through validatePurchaseXml, the one function to change if the project moves
// from xmllint-wasm to another libxml2 build (batched runs: xml-schema/xmllint-batch.ts).
// Runs in: engine and SIAT simulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateWithXmllint, type XmllintResult } from '../xml-schema/xmllint-batch';
import { resourcesDir } from '../config/paths';

export type PurchaseSchema = 'registroCompra' | 'confirmacionCompra';

export type PurchaseXsdResult = XmllintResult;

const schemaText = new Map<PurchaseSchema, string>();

function schemaOf(name: PurchaseSchema): { fileName: string; contents: string } {
  let contents = schemaText.get(name);
  if (contents === undefined) {
    contents = readFileSync(join(resourcesDir(), 'siat', 'xsd', `${name}.xsd`), 'utf8');
    schemaText.set(name, contents);
  }
  return { fileName: `${name}.xsd`, contents };
}

/** Validates `xmls` against the official schema; the result array is parallel to `xmls`. */
export function validatePurchaseXml(xmls: string[], schema: PurchaseSchema = 'registroCompra'): Promise<PurchaseXsdResult[]> {
  if (xmls.length === 0) return Promise.resolve([]);
  let files: { fileName: string; contents: string };
  try {
    files = schemaOf(schema);
  } catch (e) {
    return Promise.reject(e);
  }
  return validateWithXmllint({ key: schema, main: files, preload: [] }, xmls);
}
