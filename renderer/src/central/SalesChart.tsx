// Sales by day as a stacked bar chart (one colour per store), plain SVG: no chart library for
// thirty bars.
import type { SalesByDay } from '../../../shared/api/central';
import { formatBs } from '../../../shared/money';
import { formatDate } from '../format/dates';
import { countOf } from '../format/labels';

const COLORS = ['#1f6feb', '#2da44e', '#bf8700', '#cf222e', '#8250df', '#1b7c83', '#9a6700', '#57606a'];

export function SalesChart({ data }: { data: SalesByDay }) {
  const days = [...new Set(data.days.map((d) => d.date))].sort();
  const stores = [...new Map(data.days.map((d) => [d.branchCode, d.storeName])).entries()].sort((a, b) => a[0] - b[0]);
  const totals = days.map((day) => data.days.filter((d) => d.date === day).reduce((a, d) => a + d.totalCents, 0));
  const max = Math.max(1, ...totals);
  const w = 720;
  const h = 220;
  const bw = days.length ? Math.max(4, Math.floor((w - 40) / days.length) - 4) : 0;
  if (days.length === 0) return <p className="muted">Sin ventas en los últimos 30 días.</p>;
  return (
    <figure data-testid="central-chart">
      <svg viewBox={`0 0 ${w} ${h + 30}`} role="img" aria-label="Ventas por día y sucursal">
        {days.map((day, i) => {
          let y = h;
          return (
            <g key={day}>
              {stores.map(([code, name], s) => {
                const row = data.days.find((d) => d.date === day && d.branchCode === code);
                if (!row) return null;
                const bh = Math.max(1, Math.round((row.totalCents / max) * (h - 10)));
                y -= bh;
                return (
                  <rect key={code} x={30 + i * (bw + 4)} y={y} width={bw} height={bh} fill={COLORS[s % COLORS.length]}>
                    <title>{`${formatDate(day)} · ${name}: ${formatBs(row.totalCents)} (${countOf(row.invoices, 'factura')})`}</title>
                  </rect>
                );
              })}
              {(i % Math.ceil(days.length / 10) === 0 || i === days.length - 1) && (
                <text x={30 + i * (bw + 4)} y={h + 16} fontSize="10">
                  {formatDate(day).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {stores.map(([code, name], s) => (
          <span key={code} className="legend">
            <i style={{ background: COLORS[s % COLORS.length] }} /> {name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
