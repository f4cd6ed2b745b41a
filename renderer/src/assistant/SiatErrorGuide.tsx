// The error guide where the error happens (issue 20): for each SIAT code, SIAT's code and text as
// SIAT sent them, then what it means and what to do (POST /api/v1/ai/resolve-error). Used by the
// rejection notice, Facturas, Sincronización and Estado de conexión.
import { useEffect } from 'react';
import type { SiatMessage } from '../../../shared/api-types';
import { guideKey, useSiatGuides, type GuideEntry } from './siat-guide-store';

interface GuideProps {
  messages: SiatMessage[];
  /** False where the screen already shows "SIAT <code>: <text>" (an error box above). */
  showSiatText?: boolean;
  testId?: string;
}

export function SiatErrorGuide(props: GuideProps) {
  const entries = useSiatGuides((s) => s.entries);
  const keys = props.messages.map((m) => guideKey(m.codigo, m.descripcion)).join(',');
  useEffect(() => {
    for (const m of props.messages) void useSiatGuides.getState().load(m.codigo, m.descripcion);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
  return <SiatGuideView {...props} entries={entries} />;
}

/** The guide from the answers at hand (the store's, or a test's). */
export function SiatGuideView({ messages, entries, showSiatText = true, testId = 'siat-guide' }: GuideProps & { entries: Record<string, GuideEntry> }) {
  if (messages.length === 0) return null;
  return (
    <div className="siat-guide" data-testid={testId} data-codes={messages.map((m) => m.codigo).join(',')}>
      {messages.map((m) => (
        <GuideItem key={m.codigo} message={m} entry={entries[guideKey(m.codigo, m.descripcion)]} showSiatText={showSiatText} />
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
