// The sector's own fields in the client area (issue #12): a school's till asks for the student
// and the period, a clinic's for the doctor of each line. Which fields, their labels and limits
// come from shared/sector-fields.ts through the point of sale's default document; nothing here
// is written per sector. Tab walks them after the client's fields.
import type { SectorField, SectorFields } from '../../../shared/sector-fields';
import { saleSectorFields, type SectorDraft } from './sector-form';
import { useSector } from './sector-store';
import { useCart } from './cart-store';
import { saleInvoiceType, useSession } from '../session/session-store';

const PLACEHOLDER: Record<SectorField['kind'], string> = {
  string: '',
  integer: 'número',
  amount: '0,00',
  dateTime: 'dd/mm/aaaa hh:mm',
};

function Field(props: { f: SectorField; value: string; testId: string; lineKey?: string; onChange(v: string): void }) {
  const { f } = props;
  return (
    <label className="sector-field">
      <span>
        {f.label}
        {f.required && <abbr title="obligatorio"> *</abbr>}
      </span>
      <input
        data-testid={props.testId}
        data-line-key={props.lineKey}
        aria-label={f.label}
        aria-required={f.required}
        placeholder={PLACEHOLDER[f.kind]}
        inputMode={f.kind === 'integer' ? 'numeric' : f.kind === 'amount' ? 'decimal' : undefined}
        maxLength={f.kind === 'string' ? f.maxLength : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

export interface SectorFormViewProps {
  fields: SectorFields;
  draft: SectorDraft;
  lines: readonly { key: string; description: string }[];
  onHeader(key: string, value: string): void;
  onLine(lineKey: string, key: string, value: string): void;
}

/** The form itself, from props (rendered by the tests without a store). */
export function SectorFormView(props: SectorFormViewProps) {
  const { fields, draft } = props;
  return (
    <section className="panel sector-panel" data-testid="sector-panel" data-sector={fields.sector} aria-label={`Datos de ${fields.label}`}>
      <h3 data-testid="sale-sector-label">{fields.label}</h3>
      {fields.header.map((f) => (
        <Field key={f.key} f={f} testId={`sector-field-${f.key}`} value={draft.header[f.key] ?? ''} onChange={(v) => props.onHeader(f.key, v)} />
      ))}
      {fields.line.length > 0 && (
        <div className="sector-lines" data-testid="sector-lines">
          {props.lines.length === 0 ? (
            <p className="muted small">Los datos de cada línea se piden al agregar productos.</p>
          ) : (
            props.lines.map((l) => (
              <fieldset key={l.key} data-testid="sector-line" data-line-key={l.key}>
                <legend>{l.description}</legend>
                {fields.line.map((f) => (
                  <Field
                    key={f.key}
                    f={f}
                    lineKey={l.key}
                    testId={`sector-line-field-${f.key}`}
                    value={draft.lines[l.key]?.[f.key] ?? ''}
                    onChange={(v) => props.onLine(l.key, f.key, v)}
                  />
                ))}
              </fieldset>
            ))
          )}
        </div>
      )}
    </section>
  );
}

export function SectorPanel() {
  const type = useSession((s) => saleInvoiceType(s.pointsOfSale.find((p) => p.id === s.posId), s.config));
  const draft = useSector((s) => s.draft);
  const lines = useCart((s) => s.lines);
  const fields = saleSectorFields(type);
  if (!fields) return null;
  return (
    <SectorFormView
      fields={fields}
      draft={draft}
      lines={lines}
      onHeader={(k, v) => useSector.getState().setHeader(k, v)}
      onLine={(lk, k, v) => useSector.getState().setLine(lk, k, v)}
    />
  );
}
