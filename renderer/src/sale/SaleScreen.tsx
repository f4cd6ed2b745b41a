// Venta: the cashier's whole day. Every step has a key (shown at the bottom): F2 product,
// F3 quantity, F4 client, F5 no document (99002), F6 payment, F7 NIT, F8 discount (Shift+F8 price), F9 remove,
// F10 park the sale (Shift+F10 the waiting ones), F12 issue, Esc.
// A scan is caught even when focus is outside a field, and from any other field of the sale.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Modal } from '../components/Modal';
import { SALE_KEY_HINTS, SHIFT, commandForKey, type SaleCommand } from './keymap';
import { createScanDetector, isCodeChar, keyTime, SHORTEST_BARCODE } from './scanner';
import { listenForFieldScans, typeInto } from './field-scan-listener';
import { clientRecall } from './client-recall';
import { useCashGate, watchCashGate } from './cash-gate';
import { useCart } from './cart-store';
import { useClient } from './client-store';
import { useFocus } from './focus-store';
import { useIssue } from './issue-store';
import { usePayment } from './payment-store';
import { useSector } from './sector-store';
import { usePrefs } from '../settings/prefs-store';
import { useSession } from '../session/session-store';
import { CartTable } from './CartTable';
import { ClientPanel, type ClientPanelHandle } from './ClientPanel';
import { KeyHints } from './KeyHints';
import { LastInvoice } from './LastInvoice';
import { LineEditor } from './LineEditor';
import { PaymentPanel, type PaymentPanelHandle } from './PaymentPanel';
import { ProductSearch, type ProductSearchHandle } from './ProductSearch';
import { TotalsPanel } from './TotalsPanel';
import { SectorPanel } from './SectorPanel';
import { ParkedSalesDialog } from '../parked/ParkedSalesDialog';
import { useParked } from '../parked/parked-store';

function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit'].includes(type);
  }
  return el.isContentEditable;
}

export function SaleScreen() {
  const searchRef = useRef<ProductSearchHandle>(null);
  const clientRef = useRef<ClientPanelHandle>(null);
  const paymentRef = useRef<PaymentPanelHandle>(null);
  const [help, setHelp] = useState(false);
  const { focusTarget, focusSeq } = useFocus(useShallow((s) => ({ focusTarget: s.target, focusSeq: s.seq })));
  const confirmCancel = useCart((s) => s.confirmCancel);
  const showKeyHints = usePrefs((s) => s.showKeyHints);
  const run = useRef<(c: SaleCommand) => void>(() => {});

  useEffect(() => {
    void useIssue.getState().loadPrinter();
  }, []);
  // A returning client's name as soon as the document matches (issue 24, item 14).
  useEffect(() => clientRecall.start(), []);
  // A closed cash session is told with the first product (issue 24, item 15).
  const cashClosed = useCashGate((s) => s.closed);
  useEffect(() => watchCashGate(() => useSession.getState().posId), []);

  useEffect(() => {
    if (focusTarget === 'search') searchRef.current?.focus();
    else if (focusTarget === 'client') clientRef.current?.focus();
    else if (focusTarget === 'payment') paymentRef.current?.focus();
  }, [focusTarget, focusSeq]);

  run.current = (command: SaleCommand) => {
    const cart = useCart.getState();
    const focus = useFocus.getState();
    if (cart.confirmCancel && command !== 'cancel') return;
    switch (command) {
      case 'help':
        setHelp((h) => !h);
        return;
      case 'focusSearch':
        cart.closeEditor();
        focus.request('search');
        return;
      case 'editQuantity':
        cart.openEditor('quantity');
        return;
      case 'lineDiscount':
        cart.openEditor('discount');
        return;
      case 'linePrice':
        cart.openEditor('price');
        return;
      case 'removeLine':
        cart.removeSelected();
        focus.request('search');
        return;
      case 'focusClient':
        focus.request('client');
        return;
      case 'quickClient':
        useClient.getState().quick();
        focus.request('payment');
        return;
      case 'verifyNit': {
        const posId = useSession.getState().posId;
        if (posId) void useClient.getState().verifyNit(posId);
        return;
      }
      case 'focusPayment':
        focus.request('payment');
        return;
      case 'issue':
        void useIssue.getState().issue();
        return;
      case 'reprint':
        void useIssue.getState().reprintLast();
        return;
      case 'parkSale':
        cart.closeEditor();
        if (cart.lines.length > 0) void useParked.getState().park();
        else void useParked.getState().openList();
        return;
      case 'parkedList':
        cart.closeEditor();
        void useParked.getState().openList();
        return;
      case 'selectPrev':
        cart.move(-1);
        return;
      case 'selectNext':
        cart.move(1);
        return;
      case 'cancel':
        if (cart.confirmCancel) return cart.setConfirmCancel(false);
        if (help) return setHelp(false);
        if (cart.editor) return cart.closeEditor();
        if (searchRef.current?.clear()) return focus.request('search');
        if (useIssue.getState().errors.length > 0) useIssue.getState().clearErrors();
        if (cart.lines.length > 0) return cart.setConfirmCancel(true);
        focus.request('search');
        return;
    }
  };

  /**
   * A scan in the document number's field may be the client's document (a card's barcode): it is
   * a product only when one has that code, and otherwise goes into the field as typed. Elsewhere
   * a "scan" shorter than any retail barcode (EAN-8), or with no digit, that no product has was a
   * person typing fast («1000» in Recibido, «Fernandez» in the name: walks saw them erased): it
   * goes into the field too.
   */
  const onFieldScan = async (code: string, field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => {
    const typing = code.length < SHORTEST_BARCODE || !/\d/.test(code);
    if (field.dataset.scan !== 'document' && !typing) return searchRef.current?.addByCode(code);
    const added = await searchRef.current?.addIfKnown(code);
    if (!added && !(field instanceof HTMLSelectElement)) typeInto(field, code);
  };

  // A scan while the cursor is in another field of the sale (the client's name, the cash
  // received…) adds the product and leaves that field as it was (issue 24, item 6).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      listenForFieldScans({
        root: () => rootRef.current,
        skip: (el) => el.id === 'search-input',
        onScan: (code, field) => void onFieldScan(code, field),
      }),
    [],
  );

  // What F12's own checks refused is checked again as the cashier corrects the sale.
  useEffect(() => {
    const recheck = () => useIssue.getState().recheck();
    const stops = [useCart.subscribe(recheck), useClient.subscribe(recheck), usePayment.subscribe(recheck), useSector.subscribe(recheck)];
    return () => stops.forEach((stop) => stop());
  }, []);

  // Window-level keys: commands, and scans that arrive while focus is not in a field.
  useEffect(() => {
    const detector = createScanDetector();
    let typed = '';
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('.modal-backdrop')) return; // dialogs handle their own keys
      const inField = isEditable(e.target);
      const cmd = commandForKey(e, inField);
      if (cmd?.kind === 'sale') {
        e.preventDefault();
        run.current(cmd.command);
        typed = '';
        return;
      }
      if (inField || e.ctrlKey || e.altKey || e.metaKey) return;
      if (isCodeChar(e.key)) {
        detector.char(e.key, keyTime(e));
        typed += e.key;
      } else if (e.key === 'Enter' && typed) {
        const r = detector.enter(keyTime(e));
        // A person's Enter on a button or link presses it; a scanner's Enter after a code is the
        // code's end, never a press of the button last clicked («Emitir e imprimir» included).
        const target = e.target as HTMLElement | null;
        if (!r.scanned && target && (target.tagName === 'BUTTON' || target.tagName === 'A')) {
          typed = '';
          return;
        }
        e.preventDefault();
        if (r.scanned) void searchRef.current?.addByCode(r.code);
        else searchRef.current?.setText(typed);
        typed = '';
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="sale-screen" data-testid="sale-screen" ref={rootRef}>
      <div className="sale-left">
        <ProductSearch ref={searchRef} />
        {cashClosed && (
          <div className="warn-box cash-closed" role="alert" data-testid="cash-closed-notice">
            {cashClosed}
          </div>
        )}
        <LastInvoice />
        <LineEditor />
        <CartTable />
        {showKeyHints && <KeyHints onCommand={(c) => run.current(c)} />}
      </div>
      <div className="sale-right">
        <ClientPanel ref={clientRef} />
        {/* The client's document on top and the total with "Emitir e imprimir" at the bottom stay
            on screen at 768 px high; the payment (and a sector's fields) scroll in between. */}
        <div className="sale-right-scroll" data-testid="sale-payment-area">
          <SectorPanel />
          <PaymentPanel ref={paymentRef} />
        </div>
        <TotalsPanel onIssue={() => run.current('issue')} />
      </div>
      {confirmCancel && (
        <Modal title="¿Cancelar la venta?" onClose={() => useCart.getState().setConfirmCancel(false)} testId="cancel-sale-dialog">
          <p>Se quitarán todos los productos, el cliente y el pago. No se emite ninguna factura.</p>
          <div className="modal-actions">
            <button
              className="primary danger"
              data-testid="confirm-cancel-button"
              onClick={() => {
                useIssue.getState().resetSale();
              }}
            >
              Sí, cancelar la venta (Enter)
            </button>
            <button onClick={() => useCart.getState().setConfirmCancel(false)} data-testid="keep-sale-button">
              No, continuar (Esc)
            </button>
          </div>
        </Modal>
      )}
      <ParkedSalesDialog />
      {help && (
        <Modal title="Atajos de teclado" onClose={() => setHelp(false)} testId="help-dialog">
          <table className="help-table">
            <tbody>
              {SALE_KEY_HINTS.map((h) => (
                <tr key={h.keys}>
                  <td>
                    <kbd>{h.keys}</kbd>
                  </td>
                  <td>{h.label}</td>
                </tr>
              ))}
              <tr><td><kbd>3*</kbd> + código</td><td>Agregar 3 unidades</td></tr>
              <tr><td><kbd>↑</kbd> <kbd>↓</kbd></td><td>Elegir línea o resultado</td></tr>
              <tr><td><kbd>Supr</kbd></td><td>Quitar línea (fuera de un campo)</td></tr>
              <tr><td><kbd>F6</kbd> + <kbd>Tab</kbd></td><td>Pago mixto: «+ Tarjeta» (y su número), «+ QR», «+ Cheque» … los que el catálogo de SIAT combina; el efectivo paga el resto</td></tr>
              <tr><td><kbd>Ctrl</kbd>+<kbd>Enter</kbd></td><td>Emitir (alternativa a F12)</td></tr>
              <tr><td><kbd>Alt</kbd>+<kbd>1…9</kbd>, <kbd>Alt</kbd>+<kbd>0</kbd></td><td>Cambiar de pantalla</td></tr>
              <tr><td><kbd>F1</kbd></td><td>Ayuda SIAT (en cualquier pantalla)</td></tr>
              <tr><td><kbd>{SHIFT}</kbd>+<kbd>F1</kbd></td><td>Esta tabla de atajos</td></tr>
            </tbody>
          </table>
        </Modal>
      )}
    </div>
  );
}
