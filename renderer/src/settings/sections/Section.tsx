// The frame every Configuración section shares, and the outcome line of its last action.
import type { ReactNode } from 'react';
import { ErrorList } from '../../components/ErrorList';
import type { Outcome } from '../settings-store';

/** `wide`: across the whole grid (a table with its forms, Personas). */
export function Section({ title, children, testId, wide = false }: { title: string; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <section className={wide ? 'panel settings-section wide' : 'panel settings-section'} data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** `<testId>-ok` or `<testId>-error` (renderer/TESTIDS.md). */
export function OutcomeView({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  if ('ok' in outcome) return <div className="ok-box" data-testid={`${testId}-ok`}>{outcome.ok}</div>;
  return <ErrorList errors={outcome.errors} testId={`${testId}-error`} />;
}
