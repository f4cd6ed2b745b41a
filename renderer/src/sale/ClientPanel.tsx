// F4 cliente, F5 sin documento (99002 CONTROL TRIBUTARIO), F7 verificar NIT; an invalid NIT can go through with SIAT's exception.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { DOCUMENT_TYPE } from '../../../shared/api-types';
import { DOCUMENT_TYPE_LABELS, isQuickClient, needsNitCheck } from './client';
import { useClient } from './client-store';
import { useSession } from '../session/session-store';
import { pickedSuggestion, useClientSuggestions } from './client-suggestions';
import { applySuggestion } from './client-recall';

export interface ClientPanelHandle {
  focus(): void;
}

const NIT_STATUS_TEXT: Record<string, string> = {
  valid: 'NIT válido',
  invalid: 'NIT inválido',
  unverifiable: 'NIT sin verificar',
  checking: 'Verificando…',
};

/** Pause in the typing after which the NIT is sent for checking. */
const NIT_CHECK_DELAY_MS = 600;

export const ClientPanel = forwardRef<ClientPanelHandle>(function ClientPanel(_p, ref) {
  const client = useClient((s) => s.client);
  const update = useClient((s) => s.update);
  const numberRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const posId = useSession((s) => s.posId);
  useImperativeHandle(ref, () => ({ focus: () => numberRef.current?.select() }));

  const byNumber = useClientSuggestions(client.documentNumber);
  const byName = useClientSuggestions(client.businessName);
  /** A suggestion chosen from a list fills the whole client; SIAT's remembered "valid" is kept. */
  const choose = (typed: string, list: typeof byNumber, by: 'number' | 'name'): boolean => {
    const s = pickedSuggestion(list, typed, by);
    if (!s) return false;
    applySuggestion(s);
    return true;
  };

  const isNit = client.documentType === DOCUMENT_TYPE.NIT;
  const quick = isQuickClient(client);
  const verify = () => posId && void useClient.getState().verifyNit(posId);

  // The NIT is checked while the cashier goes on typing the name and scanning products, so that
  // F12 never waits for SIAT (issue #13); the engine remembers SIAT's verdict for a day.
  const wantsCheck = needsNitCheck(client, true) && /^\d{5,20}$/.test(client.documentNumber.trim());
  useEffect(() => {
    if (!wantsCheck || !posId) return;
    const t = setTimeout(() => void useClient.getState().verifyNit(posId), NIT_CHECK_DELAY_MS);
    return () => clearTimeout(t);
  }, [wantsCheck, client.documentNumber, posId]);

  return (
    <section className="panel client-panel" data-testid="client-panel" aria-label="Cliente">
      <h3>
        <kbd>F4</kbd> Cliente
        {quick && (
          <span className="badge" data-testid="quick-client-badge">
            Sin documento – 99002
          </span>
        )}
      </h3>
      <div className="row">
        <select
          aria-label="Tipo de documento"
          data-testid="client-doc-type"
          value={client.documentType}
          onChange={(e) => update({ documentType: Number(e.target.value) })}
        >
          {Object.entries(DOCUMENT_TYPE_LABELS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <input
          ref={numberRef}
          aria-label="Número de documento"
          placeholder={isNit ? 'NIT' : 'N° de documento'}
          data-testid="client-doc-number"
          // A scan here is a product only if one has the code; else it is the client's document.
          data-scan="document"
          className="grow mono"
          value={client.documentNumber}
          list="client-number-suggestions"
          onChange={(e) => choose(e.target.value, byNumber, 'number') || update({ documentNumber: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && isNit) {
              e.preventDefault();
              verify();
            }
            // Tab goes on to the name, as the help says: the CI complement beside the number is rare
            // and took the name typed after Tab ("ANA F" as complement). Shift+Tab from the name reaches it.
            if (e.key === 'Tab' && !e.shiftKey && client.documentType === DOCUMENT_TYPE.CI) {
              e.preventDefault();
              nameRef.current?.focus();
            }
          }}
        />
        {client.documentType === DOCUMENT_TYPE.CI && (
          <input
            aria-label="Complemento"
            placeholder="Compl."
            className="w-compl"
            data-testid="client-complement"
            maxLength={5}
            value={client.complement}
            onChange={(e) => update({ complement: e.target.value.toUpperCase() })}
          />
        )}
      </div>
      <div className="row">
        <input
          ref={nameRef}
          aria-label="Nombre o razón social"
          placeholder="Nombre o razón social"
          className="grow"
          data-testid="client-name"
          value={client.businessName}
          list="client-name-suggestions"
          onChange={(e) => choose(e.target.value, byName, 'name') || update({ businessName: e.target.value })}
        />
        <datalist id="client-number-suggestions" data-testid="client-number-suggestions">
          {byNumber.map((s) => (
            <option key={`${s.documentType}-${s.documentNumber}-${s.complement ?? ''}`} value={s.documentNumber} label={s.businessName} />
          ))}
        </datalist>
        <datalist id="client-name-suggestions" data-testid="client-name-suggestions">
          {byName.map((s) => (
            <option key={`${s.documentType}-${s.documentNumber}-${s.complement ?? ''}`} value={s.businessName} label={`${DOCUMENT_TYPE_LABELS[s.documentType] ?? ''} ${s.documentNumber}`} />
          ))}
        </datalist>
      </div>
      <div className="row">
        <input
          aria-label="Correo electrónico (opcional)"
          placeholder="Correo electrónico (opcional)"
          className="grow"
          type="email"
          data-testid="client-email"
          value={client.email}
          onChange={(e) => update({ email: e.target.value })}
        />
      </div>
      <div className="row">
        <button type="button" onClick={verify} disabled={!isNit || client.nitStatus === 'checking'} data-testid="verify-nit-button">
          <kbd>F7</kbd> Verificar NIT
        </button>
        <button type="button" onClick={() => useClient.getState().quick()} data-testid="quick-client-button">
          <kbd>F5</kbd> Sin documento (99002)
        </button>
      </div>
      {isNit && client.nitStatus !== 'unchecked' && (
        <div className={`nit-status ${client.nitStatus}`} data-testid="nit-status" data-status={client.nitStatus}>
          <strong>{NIT_STATUS_TEXT[client.nitStatus]}</strong> {client.nitMessage && `— ${client.nitMessage}`}
        </div>
      )}
      {isNit && (client.nitStatus === 'invalid' || client.nitStatus === 'unverifiable') && (
        <label className="check exception" data-testid="nit-exception">
          <input
            type="checkbox"
            data-testid="nit-exception-checkbox"
            checked={client.exception}
            onChange={(e) => update({ exception: e.target.checked })}
          />
          Emitir con NIT inválido (excepción, código 1)
        </label>
      )}
    </section>
  );
});
