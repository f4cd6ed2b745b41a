// Ayuda SIAT (issue 20): a side panel over any screen, opened with F1. The cashier types a question
// and presses Enter; the answer is a rule card shown whole with its SIN reference and its "vigente
// al" date, the error guide when the question names a SIAT code, or the titles of the nearest cards
// when nothing fits. Esc (or F1 again) closes it and the focus goes back where it was.
import { useEffect, useRef, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AssistantAnswer, RegulationHit } from '../../../shared/api-types';
import { clip } from '../../../shared/trim-end';
import { topicsEs } from '../../../shared/topics-list';
import { formatDate } from '../format/dates';
import { MAX_QUESTION, useAssistant } from './assistant-store';

/** How much of a question the refusal quotes: a long one is cut, the field above still holds it whole. */
const ASKED_QUOTE = 120;

const COLLECTION_LABELS: Record<string, string> = {
  normativas: 'Ficha de Kipu · normativa',
  contingencias: 'Ficha de Kipu · contingencias',
  administrador: 'Texto del administrador',
};

/** Tab and Shift+Tab go round the panel's own controls: the focus never leaves it for the screen behind. */
function keepFocusIn(panel: HTMLElement, e: { shiftKey: boolean; preventDefault(): void }): void {
  const items = [...panel.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
  if (items.length === 0) return;
  const [first, last] = [items[0]!, items[items.length - 1]!];
  const at = document.activeElement;
  const outside = !(at instanceof Node) || !panel.contains(at);
  if (e.shiftKey && (at === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

export function AssistantPanel() {
  const { open, question, asked, answer, busy, errors } = useAssistant(
    useShallow((s) => ({ open: s.open, question: s.question, asked: s.asked, answer: s.answer, busy: s.busy, errors: s.errors })),
  );
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.select();
  }, [open]);

  // A click behind the open panel (a client field of the sale) moves the focus out of it: Esc
  // still closes the panel first, never reaching the sale (a walk: two Esc asked to cancel it, in a
  // dialog under the panel).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog over the panel (a modal) keeps its own Esc.
      if (e.key !== 'Escape' || document.querySelector('.modal-backdrop') || document.querySelector('.assistant-panel')?.contains(e.target as Node)) return;
      e.preventDefault();
      e.stopPropagation();
      useAssistant.getState().close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  if (!open) return null;
  return <AssistantPanelView question={question} asked={asked} answer={answer} busy={busy} errors={errors} inputRef={inputRef} />;
}

export function AssistantPanelView(props: {
  question: string;
  asked: string | null;
  answer: AssistantAnswer | null;
  busy: boolean;
  errors: string[];
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { question, asked, answer, busy, errors, inputRef } = props;
  const store = useAssistant.getState();
  const bodyRef = useRef<HTMLDivElement>(null);
  return (
    <aside
      className="assistant-panel"
      role="dialog"
      aria-label="Ayuda SIAT"
      data-testid="assistant-panel"
      onKeyDown={(e) => {
        // The panel's keys are its own: F12 or Esc must not reach the sale behind it.
        e.stopPropagation();
        if (e.key === 'Escape' || (e.key === 'F1' && !e.ctrlKey && !e.altKey && !e.metaKey)) {
          e.preventDefault();
          store.close();
        } else if (e.key === 'Tab') {
          keepFocusIn(e.currentTarget, e);
        } else if ((e.key === 'PageDown' || e.key === 'PageUp') && bodyRef.current) {
          // The answer scrolls from the question field too: a long card is read without the mouse.
          e.preventDefault();
          bodyRef.current.scrollBy({ top: (e.key === 'PageDown' ? 0.9 : -0.9) * bodyRef.current.clientHeight });
        }
      }}
    >
      <div className="assistant-head">
        <h2>Ayuda SIAT</h2>
        <button className="ghost" onClick={() => store.close()} aria-label="Cerrar Ayuda SIAT (Esc)" data-testid="assistant-close">
          ✕
        </button>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void store.ask();
        }}
      >
        <input
          ref={inputRef}
          className="grow"
          placeholder="Escriba su pregunta y pulse Enter"
          aria-label="Pregunta"
          maxLength={MAX_QUESTION}
          data-testid="assistant-input"
          value={question}
          onChange={(e) => store.setQuestion(e.target.value)}
        />
        <button type="submit" className="primary" disabled={busy} data-testid="assistant-ask">
          Preguntar
        </button>
      </form>
      <AssistantAnswerView
        answer={answer}
        asked={asked}
        busy={busy}
        errors={errors}
        bodyRef={bodyRef}
        onPick={(id) => {
          // The picked title leaves the list (its card is now the answer): the focus goes to the
          // answer, inside the panel, so Esc still closes it and never reaches the sale behind.
          store.pick(id);
          bodyRef.current?.focus();
        }}
      />
      <p className="muted small assistant-foot">
        Responde con fichas redactadas por Kipu y los textos del administrador; no es texto oficial. Esc cierra.
      </p>
    </aside>
  );
}

export function AssistantAnswerView(props: {
  answer: AssistantAnswer | null;
  asked: string | null;
  busy: boolean;
  errors: string[];
  onPick: (id: string) => void;
  bodyRef?: RefObject<HTMLDivElement | null>;
}) {
  const { answer, busy, errors } = props;
  return (
    <div ref={props.bodyRef} tabIndex={-1} className="assistant-body" data-testid="assistant-answer" data-kind={answer?.tipo ?? ''} aria-live="polite" aria-busy={busy}>
      {busy && <p className="muted">Buscando…</p>}
      {errors.length > 0 && (
        <div className="error-box" role="alert" data-testid="assistant-error">
          {errors.map((e, i) => (
            <div key={i}>{e}</div>
          ))}
        </div>
      )}
      {!answer && !busy && errors.length === 0 && (
        <p className="muted">Por ejemplo: «¿hasta cuándo puedo anular una factura?», «se cayó el internet», «¿qué hago si SIAT responde 902?».</p>
      )}
      {answer && <AnswerBody answer={answer} asked={props.asked} />}
      {answer && answer.cercanas.length > 0 && (
        <div className="assistant-nearest">
          <div className="stat-label">{answer.tipo === 'sin-respuesta' ? 'Las fichas más cercanas' : 'Fichas relacionadas'}</div>
          <ul>
            {answer.cercanas.map((h) => (
              <li key={h.id}>
                <button className="link" data-testid="assistant-nearest" data-card={h.id} onClick={() => props.onPick(h.id)}>
                  {h.titulo}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function AnswerBody({ answer, asked }: { answer: AssistantAnswer; asked: string | null }) {
  if ((answer.tipo === 'ficha' || answer.tipo === 'pasaje') && answer.respuesta) {
    // A question about several things is answered by several cards, each with its reference.
    const cards = answer.respuestas && answer.respuestas.length > 0 ? answer.respuestas : [answer.respuesta];
    return (
      <>
        {cards.length > 1 && <CardsIndex cards={cards} />}
        {cards.map((h) => (
          <CardView key={h.id} hit={h} />
        ))}
      </>
    );
  }
  if (answer.tipo === 'guia' && answer.guia) {
    const g = answer.guia;
    return (
      <article className="assistant-card" data-testid="assistant-guide" data-code={g.codigo}>
        <h3>
          Código SIAT {g.codigo}: {g.descripcionSiat}
        </h3>
        <p>{g.explicacion}</p>
        <div className="siat-guide-steps-title">Qué hacer:</div>
        <ol className="siat-guide-steps">
          {g.pasos.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ol>
      </article>
    );
  }
  if (answer.tipo === 'sin-respuesta' && answer.fueraDeAlcance && answer.fueraDeAlcance.length > 0) {
    return (
      <p className="assistant-none" data-testid="assistant-no-answer">
        No tengo fichas sobre {topicsEs(answer.fueraDeAlcance)}. Kipu no inventa normas: consulte con su contador o con la institución que corresponda.
      </p>
    );
  }
  if (answer.tipo === 'sin-respuesta') {
    return (
      <p className="assistant-none" data-testid="assistant-no-answer">
        No encontré una ficha que responda a «{clip((asked ?? '').trim(), ASKED_QUOTE)}». Kipu no inventa normas: reformule la pregunta, mire las fichas más cercanas o consulte la normativa vigente del SIN.
      </p>
    );
  }
  return (
    <p className="assistant-none" data-testid="assistant-no-answer">
      {answer.texto}
    </p>
  );
}

/** Above an answer of several cards: how many, each title a link to its card (at 1024×768 the second one starts below the fold). */
function CardsIndex({ cards }: { cards: RegulationHit[] }) {
  // The focus goes with it: left on the link, it scrolled out of sight (session 19's walk).
  const show = (id: string) => {
    const card = document.querySelector<HTMLElement>(`.assistant-card[data-card="${CSS.escape(id)}"]`);
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  };
  return (
    <div className="assistant-parts small" data-testid="assistant-parts">
      Responden {cards.length} fichas:{' '}
      {cards.map((h, i) => (
        <span key={h.id}>
          {i > 0 && (i === cards.length - 1 ? ' y ' : ', ')}
          <button className="link" data-testid="assistant-part" data-card={h.id} onClick={() => show(h.id)}>
            {h.titulo}
          </button>
        </span>
      ))}
    </div>
  );
}

function CardView({ hit }: { hit: RegulationHit }) {
  return (
    <article className="assistant-card" data-testid="assistant-card" data-card={hit.id} tabIndex={-1}>
      <div className="stat-label">{COLLECTION_LABELS[hit.coleccion] ?? hit.coleccion}</div>
      <h3 data-testid="assistant-card-title">{hit.titulo}</h3>
      <div className="assistant-rule" data-testid="assistant-card-rule">
        {hit.fragmento}
      </div>
      {hit.referencia && (
        <div className="small" data-testid="assistant-reference">
          <strong>Referencia:</strong> {hit.referencia}
        </div>
      )}
      {hit.vigenteAl && (
        <div className="small" data-testid="assistant-valid-at">
          <strong>Vigente al</strong> {formatDate(hit.vigenteAl)}
        </div>
      )}
      {hit.tipo === 'pasaje' && <div className="small muted">Archivo: {hit.fuente}</div>}
    </article>
  );
}
