// The till's month field: mm/aaaa typed as text (a native month picker says "November 2026" on
// an English system); ↑/↓ step a month. It reports a month only when the text is one, and says
// why at the field otherwise.
import { useEffect, useState } from 'react';
import { addMonths, formatMonth, parseMonthEs } from '../format/dates';

export function MonthInput(props: { year: number; month: number; onChange: (year: number, month: number) => void; testId: string; label: string }) {
  const [text, setText] = useState(formatMonth(props.year, props.month));
  const [left, setLeft] = useState(false);
  const parsed = parseMonthEs(text);
  useEffect(() => {
    const p = parseMonthEs(text);
    if (!p || p.year !== props.year || p.month !== props.month) setText(formatMonth(props.year, props.month));
    // Only a new month from outside resets the text, not the typing that produced it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.year, props.month]);
  const shown = left && parsed === null;
  const change = (next: string) => {
    setText(next);
    setLeft(false);
    const p = parseMonthEs(next);
    if (p) props.onChange(p.year, p.month);
  };
  return (
    <span className="field-stack">
      <input
        aria-label={props.label}
        aria-invalid={shown}
        placeholder="mm/aaaa"
        className={`month-input${shown ? ' invalid' : ''}`}
        data-testid={props.testId}
        autoComplete="off"
        value={text}
        onBlur={() => setLeft(true)}
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          const from = parsed ?? { year: props.year, month: props.month };
          const n = addMonths(from.year, from.month, e.key === 'ArrowUp' ? 1 : -1);
          change(formatMonth(n.year, n.month));
        }}
      />
      {shown && (
        <span className="field-error" role="alert" data-testid={`${props.testId}-error`}>
          {props.label}: escriba el mes como mm/aaaa
        </span>
      )}
    </span>
  );
}
