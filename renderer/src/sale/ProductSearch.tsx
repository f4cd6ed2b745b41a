// F2: search by code, barcode or name. A scanner's burst + Enter adds the exact code at once;
// "3*" before a code or scan sets the quantity.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Product } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { ApiError, describeErrorText } from '../api/errors';
import { beepError } from '../components/feedback';
import { formatQuantity } from '../format/amount-input';
import { createScanDetector, isCodeChar, keyTime, SHORTEST_BARCODE } from './scanner';
import { looksLikeCode, parseSearchInput, splitScan } from './search-input';
import { useCart } from './cart-store';

export interface ProductSearchHandle {
  focus(): void;
  /** A scan caught outside the field (global listener). */
  addByCode(code: string): Promise<void>;
  /** Adds the product with this exact code and says true; false, quietly, when none has it. */
  addIfKnown(code: string): Promise<boolean>;
  clear(): boolean;
  setText(t: string): void;
}

async function lookup(code: string): Promise<Product | null> {
  try {
    return await api.productLookup(code);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const ProductSearch = forwardRef<ProductSearchHandle>(function ProductSearch(_props, ref) {
  const inputRef = useRef<HTMLInputElement>(null);
  const detector = useRef(createScanDetector());
  const seq = useRef(0);
  const [text, setText] = useState('');
  const [results, setResults] = useState<Product[]>([]);
  const [highlight, setHighlight] = useState(-1);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const addProduct = useCart((s) => s.addProduct);

  /** Adds `p`; `clear`: the field's text was the product's and goes (a scan cleared it already). */
  function add(p: Product, quantity: number | null, clear = true): boolean {
    const q = quantity ?? 100;
    // A line's quantity, discount or price being typed belongs to that line: a product added
    // meanwhile (a scan) closes the editor, or its Enter would apply the value to the new line.
    if (useCart.getState().editor) useCart.getState().closeEditor();
    const err = addProduct(p, q);
    if (err) {
      setMessage({ tone: 'error', text: err });
      beepError();
      return false;
    }
    setMessage({ tone: 'ok', text: `${formatQuantity(q)} × ${p.description}` });
    if (clear) setText('');
    setResults([]);
    setHighlight(-1);
    return true;
  }

  /**
   * A scanned code: never touches the field's text, which may already hold the next scan's keys
   * by the time the lookup answers (a walk lost a second scan's first digit that way).
   */
  async function addByCode(code: string, quantity: number | null = null): Promise<void> {
    setBusy(true);
    try {
      const p = await lookup(code);
      if (p) add(p, quantity, false);
      else {
        setMessage({ tone: 'error', text: `Código no encontrado: ${code}` });
        beepError();
      }
    } catch (err) {
      setMessage({ tone: 'error', text: describeErrorText(err) });
      beepError();
    } finally {
      setBusy(false);
    }
  }

  useImperativeHandle(ref, () => ({
    focus: () => inputRef.current?.focus(),
    addByCode: (code) => addByCode(code),
    addIfKnown: async (code) => {
      try {
        const p = await lookup(code);
        return p !== null && add(p, null, false);
      } catch {
        return false;
      }
    },
    clear: () => {
      if (!text && results.length === 0 && !message) return false;
      seq.current++; // a live search still on its way is not shown after Esc
      setText('');
      setResults([]);
      setHighlight(-1);
      setMessage(null);
      return true;
    },
    setText: (t) => {
      setText(t);
      inputRef.current?.focus();
    },
  }));

  // The sale was issued, put on hold or cancelled: its last line's «2 × Aceite…» is no news for the
  // next customer (a walk saw it stay under the empty field).
  useEffect(
    () =>
      useCart.subscribe((s, prev) => {
        if (s.lines.length === 0 && prev.lines.length > 0) setMessage(null);
      }),
    [],
  );

  // Live search while a person types (not during a scanner burst).
  useEffect(() => {
    const { term, badQuantity } = parseSearchInput(text);
    if (badQuantity || term.length < 2) {
      setResults([]);
      return;
    }
    const mine = ++seq.current;
    const t = setTimeout(async () => {
      if (detector.current.inBurst(performance.now())) return;
      try {
        const page = await api.products(term, 0, 8);
        if (mine === seq.current) {
          setResults(page.content.filter((p) => p.active));
          setHighlight(-1);
        }
      } catch {
        if (mine === seq.current) setResults([]);
      }
    }, 220);
    return () => clearTimeout(t);
  }, [text]);

  async function onEnter(at: number): Promise<void> {
    const r = detector.current.enter(at);
    const parsed = parseSearchInput(text);
    if (parsed.badQuantity) {
      setMessage({ tone: 'error', text: 'Cantidad no válida antes de "*". Ejemplo: 3*CÓDIGO' });
      beepError();
      return;
    }
    seq.current++; // drop pending live results
    const scan = r.scanned ? splitScan(text, r.code) : null;
    // Words typed before a scan stay only when the burst is a barcode's length: a shorter fast
    // tail after a few characters is one code typed fast («A» then «RR-1»: a loaded till hands a
    // person's keys over in clusters), read whole below.
    if (scan && !scan.badQuantity && (!scan.kept || r.code.length >= SHORTEST_BARCODE)) {
      // The field is cleared now, not when the lookup answers: the next scan may be coming.
      setText(scan.kept);
      return addByCode(r.code, scan.quantity);
    }
    const term = parsed.term;
    if (r.scanned && term) {
      setText('');
      return addByCode(term, parsed.quantity);
    }
    if (highlight >= 0 && results[highlight]) {
      add(results[highlight], parsed.quantity);
      return;
    }
    if (!term) return;
    setBusy(true);
    try {
      if (looksLikeCode(term)) {
        const p = await lookup(term);
        if (p) {
          add(p, parsed.quantity);
          return;
        }
      }
      const page = await api.products(term, 0, 8);
      const found = page.content.filter((p) => p.active);
      if (found.length === 1 && found[0]) add(found[0], parsed.quantity);
      else if (found.length === 0) {
        setMessage({ tone: 'error', text: `Sin resultados para "${term}".` });
        beepError();
      } else {
        setResults(found);
        setHighlight(0);
        setMessage({ tone: 'ok', text: 'Elija con ↑ ↓ y Enter.' });
      }
    } catch (err) {
      setMessage({ tone: 'error', text: describeErrorText(err) });
    } finally {
      setBusy(false);
    }
  }

  const parsed = parseSearchInput(text);

  return (
    <div className="search">
      <label className="search-label" htmlFor="search-input">
        <kbd>F2</kbd> Producto
      </label>
      <div className="search-box">
        <input
          id="search-input"
          ref={inputRef}
          data-testid="search-input"
          className="search-input"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="Código, barras o nombre  (3* = cantidad)"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onEnter(keyTime(e));
            } else if (e.key === 'ArrowDown' && results.length > 0) {
              e.preventDefault();
              setHighlight((h) => Math.min(results.length - 1, h + 1));
            } else if (e.key === 'ArrowUp' && results.length > 0) {
              e.preventDefault();
              setHighlight((h) => Math.max(-1, h - 1));
            } else if (isCodeChar(e.key) && !e.ctrlKey && !e.altKey) {
              detector.current.char(e.key, keyTime(e));
            }
          }}
        />
        {parsed.quantity !== null && (
          <span className="qty-chip" data-testid="search-quantity">
            × {formatQuantity(parsed.quantity)}
          </span>
        )}
        {busy && <span className="spinner" aria-label="Buscando" />}
      </div>
      {message && (
        <div className={`search-message ${message.tone}`} data-testid={message.tone === 'error' ? 'search-error' : 'search-info'}>
          {message.text}
        </div>
      )}
      {results.length > 0 && (
        <ul className="search-results" role="listbox" data-testid="search-results">
          {results.map((p, i) => (
            <li
              key={p.id}
              role="option"
              aria-selected={i === highlight}
              className={i === highlight ? 'active' : ''}
              data-testid="search-result"
              onMouseDown={(e) => {
                e.preventDefault();
                add(p, parsed.quantity);
                inputRef.current?.focus();
              }}
            >
              <span className="code">{p.code}</span>
              <span className="desc">{p.description}</span>
              <span className="price">{formatBs(toHundredths(p.priceUnit) ?? 0)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
