import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAmountEs } from '../../../shared/money';
import { formatQuantity } from '../format/amount-input';
import { lineSubtotal } from './cart';
import { useCart } from './cart-store';
import { LastVirtualTicket } from './LastInvoice';

export function CartTable() {
  const { lines, selected, select } = useCart(useShallow((s) => ({ lines: s.lines, selected: s.selected, select: s.select })));
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    bodyRef.current?.querySelector<HTMLElement>('tr.selected')?.scrollIntoView({ block: 'nearest' });
  }, [selected, lines.length]);

  return (
    <div className="cart" data-testid="cart">
      <table className="cart-table">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Código</th>
            <th>Descripción</th>
            <th className="num">Cant.</th>
            <th className="num">P. unit.</th>
            <th className="num">Desc.</th>
            <th className="num">Subtotal</th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {lines.map((l, i) => (
            <tr
              key={l.key}
              className={i === selected ? 'selected' : ''}
              data-testid="cart-line"
              data-code={l.code}
              aria-selected={i === selected}
              onClick={() => select(i)}
            >
              <td className="num muted">{i + 1}</td>
              <td className="mono nowrap">{l.code}</td>
              <td data-testid="cart-line-description">{l.description}</td>
              <td className="num" data-testid="cart-line-quantity">
                {formatQuantity(l.quantity)}
              </td>
              <td className="num">{formatAmountEs(l.unitPrice)}</td>
              <td className="num" data-testid="cart-line-discount">
                {l.discount > 0 ? formatAmountEs(-l.discount) : ''}
              </td>
              <td className="num strong" data-testid="cart-line-subtotal">
                {formatAmountEs(lineSubtotal(l))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {lines.length === 0 && (
        <div className="cart-empty" data-testid="cart-empty">
          Escanee un producto o escriba su código y presione Enter.
        </div>
      )}
      {lines.length === 0 && <LastVirtualTicket />}
    </div>
  );
}
