// Impresora de tickets: the ESC/POS printer of this store, and a test page.
import type { PrinterSettings } from '../../../../shared/api-types';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function PrinterSection() {
  const p = useSettings((s) => s.printer);
  const busy = useSettings((s) => s.busy.printer);
  const outcome = useSettings((s) => s.outcomes.printer);
  const { setPrinter, savePrinter, testPrinter } = useSettings.getState();
  return (
    <Section title="Impresora de tickets" testId="settings-printer">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void savePrinter();
        }}
      >
        <label className="field">
          <span>Tipo</span>
          <select data-testid="printer-type" value={p.type} onChange={(e) => setPrinter({ type: e.target.value as PrinterSettings['type'] })}>
            <option value="epson">Epson (ESC/POS)</option>
            <option value="star">Star</option>
          </select>
        </label>
        <label className="field">
          <span>Ancho</span>
          <select data-testid="printer-width" value={p.width} onChange={(e) => setPrinter({ width: Number(e.target.value) as 48 | 42 })}>
            <option value={48}>48 columnas (80 mm)</option>
            <option value={42}>42 columnas</option>
          </select>
        </label>
        <label className="field span2">
          <span>Conexión (tcp://host:9100, /dev/usb/lp0, printer:Nombre o virtual: el ticket en pantalla)</span>
          <input data-testid="printer-interface" value={p.interface} onChange={(e) => setPrinter({ interface: e.target.value })} />
        </label>
        <label className="field">
          <span>Juego de caracteres</span>
          <select data-testid="printer-charset" value={p.characterSet} onChange={(e) => setPrinter({ characterSet: e.target.value as PrinterSettings['characterSet'] })}>
            <option value="PC850">PC850 (multilingüe)</option>
            <option value="PC858">PC858 (multilingüe con €; STAR)</option>
            <option value="WPC1252">WPC1252 (Windows latino)</option>
          </select>
        </label>
        <label className="field">
          <span>QR</span>
          <select data-testid="printer-qr" value={p.qr} onChange={(e) => setPrinter({ qr: e.target.value as PrinterSettings['qr'] })}>
            <option value="native">Nativo de la impresora</option>
            <option value="image">Imagen</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" data-testid="printer-print-on-issue" checked={p.printOnIssue} onChange={(e) => setPrinter({ printOnIssue: e.target.checked })} />
          Imprimir al emitir
        </label>
        <label className="check">
          <input type="checkbox" data-testid="printer-drawer" checked={p.drawerKick} onChange={(e) => setPrinter({ drawerKick: e.target.checked })} />
          Abrir cajón de dinero
        </label>
        <div className="span2">
          <OutcomeView outcome={outcome} testId="printer" />
          <div className="row">
            <button className="primary" type="submit" disabled={busy} data-testid="printer-save">
              Guardar
            </button>
            <button type="button" disabled={busy} data-testid="printer-test" onClick={() => void testPrinter()}>
              Imprimir prueba
            </button>
          </div>
        </div>
      </form>
    </Section>
  );
}
