// The error guide where the error happens (issue 20): for each SIAT code, SIAT's code and text as
// SIAT sent them, then what it means and what to do (the engine's guide, ROUTES.ai.resolveError),
// in the words of what was being done (`operation`: a purchase's NIT is the supplier's). Used by
// the rejection notice, Facturas, Compras, Sincronización and Estado de conexión.
import { useEffect } from 'react';
import type { SiatMessage } from '../../../shared/api-types';
import type { SiatGuideOperation } from '../../../shared/api/ai';
import { guideKey, useSiatGuides, type GuideEntry } from './siat-guide-store';

interface GuideProps {
  messages: SiatMessage[];
  /** False where the screen already shows "SIAT <code>: <text>" (an error box above). */
  showSiatText?: boolean;
  testId?: string;
  /** What was being done (a sale by default). */
  operation?: SiatGuideOperation;
}

export function SiatErrorGuide(props: GuideProps) {
  const entries = useSiatGuides((s) => s.entries);
  const keys = props.messages.map((m) => guideKey(m.codigo, m.descripcion, props.operation)).join(',');
  useEffect(() => {
    for (const m of props.messages) void useSiatGuides.getState().load(m.codigo, m.descripcion, props.operation);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
  return <SiatGuideView {...props} entries={entries} />;
}

/** The guide from the answers at hand (the store's, or a test's). */
export function SiatGuideView({ messages, entries, showSiatText = true, testId = 'siat-guide', operation }: GuideProps & { entries: Record<string, GuideEntry> }) {
  if (messages.length === 0) return null;
  return (
    <div className="siat-guide" data-testid={testId} data-codes={messages.map((m) => m.codigo).join(',')} data-operation={operation ?? 'venta'}>
      {messages.map((m) => (
        <GuideItem key={m.codigo} message={m} entry={entries[guideKey(m.codigo, m.descripcion, operation)]} showSiatText={showSiatText} />
      ))}
    </div>
  );
}

function GuideItem({ message, entry, showSiatText }: { message: SiatMessage; entry: GuideEntry | undefined; showSiatText: boolean }) {
  return (
    <div className="siat-guide-item" data-testid="siat-guide-item" data-code={message.codigo}>
      {showSiatText && (
        <div className="siat-guide-siat" data-testid="siat-guide-siat">
          SIAT {message.codigo}: {message.descripcion}
        </div>
      )}
      {entry?.state === 'ready' ? (
        <>
          <p className="siat-guide-explanation" data-testid="siat-guide-explanation">
            {entry.resolution.explicacion}
          </p>
          <div className="siat-guide-steps-title">Qué hacer:</div>
          <ol className="siat-guide-steps" data-testid="siat-guide-steps">
            {entry.resolution.pasos.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ol>
        </>
      ) : entry?.state === 'failed' ? (
        <p className="muted small" data-testid="siat-guide-unavailable">
          No se pudo consultar la guía de errores. Pulse F1 (Ayuda SIAT) y pregunte por el código {message.codigo}.
        </p>
      ) : (
        <p className="muted small">Buscando qué hacer…</p>
      )}
    </div>
  );
}
