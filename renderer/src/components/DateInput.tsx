// The till's date field: dd/mm/aaaa (with withTime, dd/mm/aaaa hh:mm) typed as text, whatever
// the computer's language (a native date picker shows mm/dd/yyyy on an English system). It
// reports yyyy-mm-dd (yyyy-mm-ddThh:mm), '' when empty and null while the text is not a real
// date, and says why at the field in Spanish (30/02 does not exist).
import { useEffect, useState } from 'react';
import { dateInputText, readDateField } from '../format/dates';

export function DateInput(props: {
  value: string | null;
  onChange: (value: string | null) => void;
  testId: string;
  label: string;
  withTime?: boolean;
}) {
  const withTime = props.withTime ?? false;
  const [text, setText] = useState(props.value ? dateInputText(props.value, withTime) : '');
  const read = readDateField(text, withTime);
  // Half-typed text is not an error yet: the reason shows once the cashier leaves the field.
  const [left, setLeft] = useState(false);
  const shown = left && read.problem !== null;
  // A value set from outside (a scanned QR, a cleared form) replaces the text; the value this
  // field reported itself does not.
  useEffect(() => {
    if (props.value !== null && props.value !== readDateField(text, withTime).value) setText(props.value ? dateInputText(props.value, withTime) : '');
    // Only a new value from outside resets the text, not the typing that produced it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value, withTime]);
  return (
    <span className="field-stack">
      <input
        aria-label={props.label}
        aria-invalid={shown}
        placeholder={withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa'}
        className={`date-input${withTime ? ' with-time' : ''}${shown ? ' invalid' : ''}`}
        data-testid={props.testId}
        autoComplete="off"
        value={text}
        onBlur={() => setLeft(true)}
        onChange={(e) => {
          setText(e.target.value);
          setLeft(false);
          props.onChange(readDateField(e.target.value, withTime).value);
        }}
      />
      {shown && (
        <span className="field-error" role="alert" data-testid={`${props.testId}-error`}>
          {props.label}: {read.problem}
        </span>
      )}
    </span>
  );
}
