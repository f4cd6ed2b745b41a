// Contribuyente: who issues the invoices, SIAT's environment and the modality.
import type { TaxpayerSettings } from '../../../../shared/api-types';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function TaxpayerSection() {
  const t = useSettings((s) => s.taxpayer);
  const busy = useSettings((s) => s.busy.taxpayer);
  const outcome = useSettings((s) => s.outcomes.taxpayer);
  const { setTaxpayer, saveTaxpayer } = useSettings.getState();
  const field = (key: keyof TaxpayerSettings, label: string, wide = false) => (
    <label className={`field ${wide ? 'span2' : ''}`}>
      <span>{label}</span>
      <input data-testid={`taxpayer-${key}`} value={String(t[key])} onChange={(e) => setTaxpayer({ [key]: e.target.value })} />
    </label>
  );
  return (
    <Section title="Contribuyente" testId="settings-taxpayer">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void saveTaxpayer();
        }}
      >
        {/* The system code is some 25 characters: on one column it was cut at 1024 px (a walk). */}
        {field('nit', 'NIT')}
        {field('municipio', 'Municipio')}
        {field('codigoSistema', 'Código de sistema', true)}
        {field('razonSocial', 'Razón social', true)}
        {field('direccion', 'Dirección', true)}
        {field('telefono', 'Teléfono')}
        <label className="field">
          <span>Ambiente</span>
          <select data-testid="taxpayer-ambiente" value={t.ambiente} onChange={(e) => setTaxpayer({ ambiente: Number(e.target.value) as 1 | 2 })}>
            <option value={2}>2 – Pruebas (piloto)</option>
            <option value={1}>1 – Producción</option>
          </select>
        </label>
        <label className="field span2">
          <span>Modalidad</span>
          <select data-testid="taxpayer-modalidad" value={t.modalidad} onChange={(e) => setTaxpayer({ modalidad: Number(e.target.value) as 1 | 2 })}>
            <option value={1}>1 – Electrónica en línea</option>
            <option value={2}>2 – Computarizada en línea</option>
          </select>
        </label>
        {t.ambiente === 1 && <p className="warn-text span2">Producción: las facturas tendrán validez fiscal.</p>}
        <div className="span2">
          <OutcomeView outcome={outcome} testId="taxpayer" />
          <button className="primary" type="submit" disabled={busy} data-testid="taxpayer-save">
            Guardar
          </button>
        </div>
      </form>
    </Section>
  );
}
