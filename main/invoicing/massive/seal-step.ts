// A massive batch's issuing step, the CPU part (issue 25, decision 0072): each item's XML built,
// signed and self-checked (seal.ts) with the number it will get — the numbers that follow the
// point of sale's counter when the step began, in item order, an item refused by the self-check
// taking none (its savepoint gives it back in the step's transaction, issue-items.ts). Runs on the
// batch worker thread (seal-worker.ts); the engine's thread then allocates the numbers in one
// transaction and stores these documents when every number is the one sealed here.
// Pure apart from libxml2's load: the engine's tests and the inline fallback call it too.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { Sale } from '../sale-input';
import type { SaleFacts } from '../sale-invoice';
import { invoiceType } from '../../../shared/invoice-types';
import { seal } from '../seal';
import { saleSealInput } from '../sale-invoice';
import { createXmlSigner, type XmlSigner } from '../signing';
import { DocumentCheckError, loadDocumentCheck } from '../document-check';

/** CONTRACT §3.1 codigoEmision / CUF tipo emisión 3: massive. */
export const CODIGO_EMISION_MASIVA = 3;

interface SealStepItem {
  index: number;
  invoiceType: string;
  sale: Sale;
  leyenda: string;
}

export interface SealStepJob {
  tenant: Tenant;
  pos: PointOfSale;
  cufd: SaleFacts['cufd'];
  fechaEmision: string;
  usuario: string;
  /** The taxpayer's key and certificate when an item is electronic (signer-provider.ts). */
  signing: { keyPem: string; certPem: string } | null;
  /** Per sector: the first number this step's items of that sector take. */
  firstNumbers: Record<number, number>;
  items: SealStepItem[];
}

export type SealedItem =
  | { index: number; number: number; cuf: string; xml: string; hashArchivo: string }
  | { index: number; refused: { kind: 'schema' | 'signature'; problems: string[] } };

const signers = new Map<string, XmlSigner>();

function signerOf(signing: SealStepJob['signing']): XmlSigner | null {
  if (!signing) return null;
  let s = signers.get(signing.certPem);
  if (!s) {
    // One taxpayer's key at a time is enough: a worker serves one batch step after another.
    signers.clear();
    signers.set(signing.certPem, (s = createXmlSigner(signing)));
  }
  return s;
}

/** Each item sealed in order, numbered from `firstNumbers`; throws only for what is not a document's fault. */
export async function sealStep(job: SealStepJob, signer: XmlSigner | null = signerOf(job.signing)): Promise<SealedItem[]> {
  await loadDocumentCheck();
  const next = { ...job.firstNumbers };
  return job.items.map((it): SealedItem => {
    const type = invoiceType(it.invoiceType);
    if (!type) throw new Error(`tipo de factura desconocido: ${it.invoiceType}`);
    const number = next[type.sector];
    if (number === undefined) throw new Error(`sin número inicial para el sector ${type.sector}`);
    const facts: SaleFacts = {
      tenant: job.tenant,
      pos: job.pos,
      type,
      sale: it.sale,
      cufd: job.cufd,
      fechaEmision: job.fechaEmision,
      codigoEmision: CODIGO_EMISION_MASIVA,
      leyenda: it.leyenda,
      exceptionCode: it.sale.exceptionCode,
      usuario: job.usuario,
    };
    try {
      const { cuf, xml, hashArchivo } = seal(saleSealInput(facts, number, signer));
      next[type.sector] = number + 1;
      return { index: it.index, number, cuf, xml, hashArchivo };
    } catch (err) {
      if (!(err instanceof DocumentCheckError)) throw err;
      return { index: it.index, refused: { kind: err.kind, problems: err.problems } };
    }
  });
}
