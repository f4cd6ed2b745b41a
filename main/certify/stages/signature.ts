// Stage VIII: 250 signed emissions per declared sector (electronic modality only). The same path as stage IV (the
// engine's InvoicingService signs every invoice of modality 1 before the XSD check and the send);
// counted apart as the SIN counts it, and a step is done only when SIAT validated (908) an
// invoice whose stored XML carries its XML-DSig signature (the simulator checks it against the
// certificate too).
import { COMPRA_VENTA_SECTOR } from '../../../shared/sectors';
import { stageKey, STAGES } from '../requirements';
import type { Stage, StepOutcome } from '../context';
import { emitOne } from './emission';

export const signatureStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'signature')!,
  appliesTo: (ctx) => ctx.tenant.modalidad === 1,
  async step(ctx, pos, seq, sector): Promise<StepOutcome> {
    // Sale numbers apart from stage IV's so the two stages never share an idempotency key or a client.
    const { inv, outcome } = await emitOne(ctx, pos, 30_000 + seq, `certify:${ctx.run.id}:${pos.code}:${stageKey('signature', sector)}:${seq}`, sector ?? COMPRA_VENTA_SECTOR);
    if (outcome.ok && !inv.xml.includes('<ds:Signature') && !inv.xml.includes('<Signature')) {
      return { ...outcome, ok: false, siatText: 'la factura validada no lleva firma digital (¿modalidad computarizada?)' };
    }
    return outcome;
  },
};
