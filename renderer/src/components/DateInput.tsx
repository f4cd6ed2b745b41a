// dd/mm/aaaa text field that reports yyyy-mm-dd ('' when empty); see parseDateEs.
import { useState } from 'react';
import { formatDate, parseDateEs } from '../format/dates';

export function DateInput(props: { value: string; onChange: (iso: string) => void; testId: string; label: string }) {
  const [text, setText] = useState(props.value ? formatDate(props.value) : '');
  const parsed = parseDateEs(text);
  return (
    <input
      aria-label={props.label}
      placeholder="dd/mm/aaaa"
      className={`date-input ${parsed === null ? 'invalid' : ''}`}
      data-testid={props.testId}
      inputMode="numeric"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const iso = parseDateEs(e.target.value);
        if (iso !== null) props.onChange(iso);
      }}
    />
  );
}
