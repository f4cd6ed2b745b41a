// F3 cantidad / F8 descuento de línea / descuento adicional: a one-field prompt; Enter applies.
import { useEffect, useRef, useState } from 'react';
import { formatBs } from '../../../shared/money';
import { amountInputText, formatQuantity, parseAmount, parseQuantity } from '../format/amount-input';
import { parseDiscount } from './discount-input';
import { cartTotals, lineGross } from './cart';
import { useCart } from './cart-store';
import { useFocus } from './focus-store';

export function LineEditor() {
  const editor = useCart((s) => s.editor);
  const line = useCart((s) => s.lines[s.selected]);
  const additional = useCart((s) => s.additionalDiscount);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!editor) return;
    setError(null);
    if (editor === 'quantity') setText(line ? formatQuantity(line.quantity) : '');
    else if (editor === 'discount') setText(line && line.discount > 0 ? amountInputText(line.discount) : '');
    else if (editor === 'price') setText(line ? amountInputText(line.unitPrice) : '');
    else setText(additional > 0 ? amountInputText(additional) : '');
    setTimeout(() => inputRef.current?.select(), 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  if (!editor) return null;
  if (editor !== 'additionalDiscount' && !line) return null;

  const close = () => {
    useCart.getState().closeEditor();
    useFocus.getState().request('search');
  };

  const apply = () => {
    const cart = useCart.getState();
    let err: string | null;
    if (editor === 'quantity') {
      const q = parseQuantity(text);
      err = q === null ? 'Cantidad no válida (ejemplo: 2 o 1,5).' : cart.setQuantity(cart.selected, q);
    } else if (editor === 'price') {
      const p = parseAmount(text);
      err = p === null ? 'Precio no válido (ejemplo: 9,50).' : cart.setPrice(cart.selected, p);
    } else {
      // "10%" is a percent of the line (or of the sale after line discounts), made an exact amount.
      const base = editor === 'discount' && line ? lineGross(line) : cartTotals(cart.lines).subtotal;
      const d = parseDiscount(text, base);
      if (!d.ok) err = d.error;
      else if (editor === 'discount') err = cart.setDiscount(cart.selected, d.amount);
      else err = cart.setAdditionalDiscount(d.amount);
    }
    if (err) setError(err);
    else close();
  };

  const title =
    editor === 'quantity'
      ? 'Cantidad'
      : editor === 'discount'
        ? 'Descuento de la línea (Bs o %)'
        : editor === 'price'
          ? 'Precio unitario (Bs)'
          : 'Descuento adicional a la venta (Bs o %)';

  return (
    <div className="line-editor" data-testid="line-editor" data-kind={editor}>
      <div className="line-editor-title">
        {title}
        {line && editor !== 'additionalDiscount' && (
          <span className="muted">
            {' '}
            — {line.description} ({formatBs(lineGross(line))})
          </span>
        )}
      </div>
      <input
        ref={inputRef}
        data-testid="line-editor-input"
        inputMode={editor === 'quantity' || editor === 'price' ? 'decimal' : 'text'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      />
      <span className="muted">
        {editor === 'quantity'
          ? 'Enter aplica · Esc cancela'
          : editor === 'price'
            ? 'Otro precio que el del catálogo lo aprueba un supervisor al emitir · Enter aplica · Esc cancela'
            : 'Monto (5,50) o porcentaje (10%) · Enter aplica · Esc cancela'}
      </span>
      {error && (
        <div className="field-error" data-testid="line-editor-error">
          {error}
        </div>
      )}
    </div>
  );
}
