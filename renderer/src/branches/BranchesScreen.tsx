// Sucursales y puntos de venta (encargado): the open branches with their points of sale, a form
// for a new branch, a form to register a point of sale in SIAT, and closing either one after a
// confirmation (Enter confirms, Esc goes back).
import { useEffect, useRef, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BranchOffice, BranchOfficeInput } from '../../../shared/api-types';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { BRANCH_FIELD_LABELS, BRANCH_MAX_LENGTH, POS_DESCRIPTION_MAX, POS_NAME_MAX, posNamedLike, posPlaceText, sharedPosNames, type BranchField, type PosForm, type PosPlace } from './forms';
import { POS_TYPES } from '../format/labels';
import { useBranches, type BranchesState, type CloseTarget, type FormOutcome } from './branches-store';
import { INVOICE_TYPES, invoiceTypeFor } from '../../../shared/invoice-types';
import { sectorFields } from '../../../shared/sector-fields';
import { notSoldAtTill } from '../../../shared/sectors';

/** The documents a till can sell by default: the invoiceTypes of the sectors whose file says a till sells them. */
export const POS_DOCUMENT_OPTIONS: readonly { value: string; label: string }[] = INVOICE_TYPES.filter(
  // One per sector and modality (seed 000 names sector 17 twice), as invoiceTypeFor picks it.
  (t) => notSoldAtTill(t.sector) === null && invoiceTypeFor(t.sector, t.modalidad)?.name === t.name,
).map((t) => ({
  value: t.name,
  label: `${sectorFields(t.sector)?.label ?? `Sector ${t.sector}`} — ${t.modalidad === 1 ? 'electrónica' : 'computarizada'}`,
}));

/** The default document of a point of sale as the select shows it (null: compra-venta). */
const NO_DEFAULT_DOCUMENT = 'Compra-venta (según la modalidad)';
function documentLabel(invoiceType: string | null): string {
  return (invoiceType && POS_DOCUMENT_OPTIONS.find((o) => o.value === invoiceType)?.label) || NO_DEFAULT_DOCUMENT;
}
import { mayAdminister, useSession } from '../session/session-store';
import { useTillStatus } from '../connection/till-status-store';

/** Everything the screen shows: the store's state plus who this till is. */
export interface BranchesViewProps {
  branches: BranchOffice[];
  loaded: boolean;
  loadErrors: string[];
  closed: string | null;
  closing: CloseTarget | null;
  closeBusy: boolean;
  closeErrors: string[];
  branchDraft: BranchOfficeInput;
  branchForm: FormOutcome;
  posDraft: PosForm;
  posForm: FormOutcome;
  posFocusSeq: number;
  /** The point of sale of this till: it is not closed from here. */
  tillPosId: string | null;
  siatReachable: boolean | undefined;
  /** Each point of sale's default document (GET /pos: defaultInvoiceType; null = compra-venta). */
  posDocuments?: Readonly<Record<string, string | null>>;
  docOutcome?: BranchesState['docOutcome'];
  headingRef?: RefObject<HTMLHeadingElement | null>;
  onAskClose?: (target: CloseTarget, from: HTMLElement) => void;
  /**
   * Why this person only reads the screen (a cajero's or a supervisor's PIN session: the engine
   * refuses them every change here); null or absent: the administrator's forms and buttons show.
   */
  readOnly?: string | null;
}

/** What a person who may not change branches reads in place of the forms. */
export function branchesReadOnlyText(person: { name: string; role: string }): string {
  return `Registrar, cerrar o cambiar el documento de una sucursal o de un punto de venta lo hace un administrador; ${person.name} es ${person.role}. Aquí puede consultarlos.`;
}

/** The same for a till that entered with an API key without the admin scope. */
export function branchesReadOnlyKeyText(key: { name: string }): string {
  return `Registrar, cerrar o cambiar el documento de una sucursal o de un punto de venta lo hace un administrador; esta caja entró con la clave de API «${key.name}», que no es de administración. Aquí puede consultarlos.`;
}

export function BranchesScreen() {
  const state = useBranches(
    useShallow((s) => ({
      branches: s.branches,
      loaded: s.loaded,
      loadErrors: s.loadErrors,
      closed: s.closed,
      closing: s.closing,
      closeBusy: s.closeBusy,
      closeErrors: s.closeErrors,
      branchDraft: s.branchDraft,
      branchForm: s.branchForm,
      posDraft: s.posDraft,
      posForm: s.posForm,
      posFocusSeq: s.posFocusSeq,
      docOutcome: s.docOutcome,
    })),
  );
  const tillKey = useBranches((s) => s.tillKey);
  const pointsOfSale = useSession((s) => s.pointsOfSale);
  const person = useSession((s) => s.person);
  const posDocuments = Object.fromEntries(pointsOfSale.map((p) => [p.id, p.defaultInvoiceType ?? null]));
  const tillPosId = useSession((s) => s.posId);
  const siatReachable = useTillStatus((s) => s.status?.siatReachable);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened the confirmation gets the focus back when it closes (or the heading,
  // when what it closed is gone from the list).
  const opener = useRef<HTMLElement | null>(null);
  const wasClosing = useRef(false);
  const { closing, branches } = state;

  useEffect(() => {
    void useBranches.getState().enter();
  }, []);

  useEffect(() => {
    if (closing) {
      wasClosing.current = true;
      return;
    }
    if (!wasClosing.current) return;
    wasClosing.current = false;
    const back = opener.current;
    if (back?.isConnected) back.focus();
    else headingRef.current?.focus();
  }, [closing, branches]);

  return (
    <BranchesView
      {...state}
      tillPosId={tillPosId}
      siatReachable={siatReachable}
      posDocuments={posDocuments}
      headingRef={headingRef}
      readOnly={person && !mayAdminister(person) ? branchesReadOnlyText(person) : !person && tillKey && !tillKey.admin ? branchesReadOnlyKeyText(tillKey) : null}
      onAskClose={(target, from) => {
        opener.current = from;
        useBranches.getState().askClose(target);
      }}
    />
  );
}

export function BranchesView(props: BranchesViewProps) {
  const { branches, loaded, loadErrors, closed, closing } = props;
  const ask = props.onAskClose ?? ((target: CloseTarget) => useBranches.getState().askClose(target));
  const sameName = sharedPosNames(branches);
  const readOnly = props.readOnly ?? null;
  return (
    <div className="page" data-testid="branches-screen">
      <div className="page-head">
        <h1 ref={props.headingRef} tabIndex={-1}>
          Sucursales y puntos de venta
        </h1>
        <span className="spacer" />
        <button onClick={() => void useBranches.getState().load()} data-testid="branches-reload">
          Actualizar
        </button>
      </div>
      <ErrorList errors={loadErrors} testId="branches-error" />
      {closed && (
        <div className="ok-box" role="status" data-testid="close-ok">
          {closed}
        </div>
      )}
      <div className="two-cols">
        <div data-testid="branch-list">
          {branches.map((b) => (
            <BranchCard
              key={b.branchId}
              branch={b}
              tillPosId={props.tillPosId}
              onClose={ask}
              documents={props.posDocuments ?? {}}
              docOutcome={props.docOutcome ?? null}
              sameName={sameName}
              readOnly={readOnly !== null}
            />
          ))}
          {loaded && branches.length === 0 && loadErrors.length === 0 && <p className="empty">No hay sucursales abiertas.</p>}
          {!loaded && <p className="muted">Cargando sucursales…</p>}
        </div>
        {readOnly !== null ? (
          <div>
            <section className="panel warn-box" role="status" data-testid="branches-read-only">
              <h3>Solo consulta</h3>
              <p>{readOnly}</p>
            </section>
          </div>
        ) : (
          <div>
            <BranchFormPanel draft={props.branchDraft} outcome={props.branchForm} />
            <PosFormPanel branches={branches} draft={props.posDraft} outcome={props.posForm} focusSeq={props.posFocusSeq} siatReachable={props.siatReachable} />
          </div>
        )}
      </div>
      {closing && <CloseDialog target={closing} busy={props.closeBusy} errors={props.closeErrors} />}
    </div>
  );
}

function BranchCard(props: {
  branch: BranchOffice;
  tillPosId: string | null;
  onClose: (t: CloseTarget, from: HTMLElement) => void;
  documents: Readonly<Record<string, string | null>>;
  docOutcome: BranchesState['docOutcome'];
  /** Points of sale whose name another open one has (sharedPosNames), by id. */
  sameName?: ReadonlyMap<string, PosPlace[]>;
  /** Read only (the screen says why once): no button that would change anything, the document shown as text. */
  readOnly?: boolean;
}) {
  const b = props.branch;
  const main = b.siatCode === 0;
  const place = [b.address, b.municipality, b.city !== b.municipality ? b.city : '', b.phone ? `Tel. ${b.phone}` : ''].filter(Boolean).join(' · ');
  return (
    <section className="panel branch-card" data-testid="branch-row" data-branch-id={b.branchId} data-siat-code={b.siatCode}>
      <div className="branch-head">
        <h3 className="grow" title={main ? 'La casa matriz (código 0) no se cierra: norma del SIN.' : undefined}>
          <span className="badge">Sucursal {b.siatCode}</span>
          <span data-testid="branch-row-name">{b.name}</span>
          {main && !/casa matriz/i.test(b.name) && <span className="muted small">casa matriz</span>}
        </h3>
        {!props.readOnly && (
          <button onClick={() => useBranches.getState().startPosIn(b.branchId)} data-testid="add-pos-button">
            + Punto de venta
          </button>
        )}
        {!main && !props.readOnly && (
          <button
            className="danger"
            data-testid="close-branch-button"
            onClick={(e) => props.onClose({ kind: 'branch', branchId: b.branchId, siatCode: b.siatCode, name: b.name }, e.currentTarget)}
          >
            Cerrar sucursal
          </button>
        )}
      </div>
      <div className="muted small">{place}</div>
      {b.description && <div className="small">{b.description}</div>}
      {b.pos.length === 0 ? (
        <p className="muted small" data-testid="branch-no-pos">
          Sin puntos de venta abiertos.
        </p>
      ) : (
        <table className="grid compact branch-pos">
          <thead>
            <tr>
              <th className="num">Código</th>
              <th>Punto de venta</th>
              <th />
              <th>Documento de la caja</th>
            </tr>
          </thead>
          <tbody>
            {b.pos.map((p) => {
              const own = p.id === props.tillPosId;
              return (
                <tr key={p.id} data-testid="pos-row" data-pos-id={p.id} data-pos-code={p.code}>
                  <td className="num mono">{p.code}</td>
                  <td>
                    {p.name} {own && <span className="badge">esta caja</span>}
                    {props.sameName?.get(p.id) && (
                      // A badge, not a sentence: the column is narrow; the whole warning is its title.
                      <span
                        className="badge warn"
                        data-testid="pos-same-name"
                        title={`Mismo nombre que el ${props.sameName.get(p.id)!.map(posPlaceText).join(' y el ')}: en la caja se verían iguales. Cámbielo en el SIAT o cierre uno de los dos.`}
                      >
                        nombre repetido
                      </span>
                    )}
                  </td>
                  <td className="actions">
                    {props.readOnly ? null : own ? (
                      <span className="muted small">Cambie de punto de venta para cerrarlo</span>
                    ) : p.code === 0 ? (
                      // PV 0 is the branch itself: SIAT has no cierrePuntoVenta for it.
                      <span className="muted small">Se cierra con la sucursal</span>
                    ) : (
                      <button
                        className="danger"
                        data-testid="close-pos-button"
                        aria-label={`Cerrar el punto de venta ${p.code} ${p.name}`}
                        onClick={(e) => props.onClose({ kind: 'pos', id: p.id, code: p.code, name: p.name, branchName: b.name }, e.currentTarget)}
                      >
                        Cerrar
                      </button>
                    )}
                  </td>
                  <td>
                    {props.readOnly ? (
                      <span data-testid="pos-document-text">{documentLabel(props.documents[p.id] ?? null)}</span>
                    ) : (
                    <select
                      data-testid="pos-document"
                      aria-label={`Documento por defecto del punto de venta ${p.code}`}
                      value={props.documents[p.id] ?? ''}
                      onChange={(e) => void useBranches.getState().setDefaultDocument(p.id, e.target.value || null)}
                    >
                      <option value="">{NO_DEFAULT_DOCUMENT}</option>
                      {POS_DOCUMENT_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    )}
                    {props.docOutcome?.posId === p.id && props.docOutcome.ok && (
                      <span className="muted small" role="status" data-testid="pos-document-ok">
                        {' '}
                        {props.docOutcome.ok}
                      </span>
                    )}
                    {props.docOutcome?.posId === p.id && props.docOutcome.errors.length > 0 && <ErrorList errors={props.docOutcome.errors} testId="pos-document-errors" />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BranchFormPanel({ draft, outcome }: { draft: BranchOfficeInput; outcome: FormOutcome }) {
  const field = (key: BranchField, required = true) => (
    <label className="field">
      <span>
        {BRANCH_FIELD_LABELS[key]}
        {required ? '' : ' (opcional)'}
      </span>
      <input
        data-testid={`branch-${key}`}
        // The screen's start (components/screen-focus.ts): the new branch's name, whether or not the list has loaded.
        data-autofocus={key === 'name' ? true : undefined}
        value={draft[key]}
        maxLength={BRANCH_MAX_LENGTH[key]}
        aria-required={required}
        onChange={(e) => useBranches.getState().setBranchDraft({ [key]: e.target.value } as Partial<BranchOfficeInput>)}
      />
    </label>
  );
  return (
    <section className="panel" data-testid="branch-form">
      <h3>Nueva sucursal</h3>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void useBranches.getState().createBranch();
        }}
      >
        {field('name')}
        {field('address')}
        {field('municipality')}
        {field('city')}
        {field('phone', false)}
        {field('description', false)}
        <p className="muted small span2 form-note">
          Kipu asigna el siguiente código de sucursal sin usar: debe coincidir con el del padrón del SIN (regístrela allí primero).
        </p>
        <FormFooter outcome={outcome} prefix="branch" idle="Registrar sucursal" busy="Registrando…" />
      </form>
    </section>
  );
}

function PosFormPanel(props: { branches: BranchOffice[]; draft: PosForm; outcome: FormOutcome; focusSeq: number; siatReachable: boolean | undefined }) {
  const { branches, draft, outcome, focusSeq, siatReachable } = props;
  const typeRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (focusSeq > 0) typeRef.current?.focus();
  }, [focusSeq]);
  const set = useBranches.getState().setPosDraft;
  return (
    <section className="panel" data-testid="pos-form">
      <h3>Registrar punto de venta</h3>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void useBranches.getState().registerPos();
        }}
      >
        <label className="field span2">
          <span>Sucursal</span>
          <select data-testid="pos-branch" value={draft.branchId} onChange={(e) => set({ branchId: e.target.value })}>
            <option value="">— Elija la sucursal —</option>
            {branches.map((b) => (
              <option key={b.branchId} value={String(b.branchId)}>
                {b.siatCode} – {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field span2">
          <span>Tipo (SIAT)</span>
          <select ref={typeRef} data-testid="pos-type" value={draft.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">— Elija el tipo —</option>
            {POS_TYPES.map((t) => (
              <option key={t.codigo} value={String(t.codigo)}>
                {t.codigo} – {t.descripcion}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Nombre</span>
          <input data-testid="pos-name" value={draft.name} maxLength={POS_NAME_MAX} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="field">
          <span>Descripción</span>
          <input data-testid="pos-description" value={draft.description} maxLength={POS_DESCRIPTION_MAX} onChange={(e) => set({ description: e.target.value })} />
        </label>
        {posNamedLike(branches, draft.name).length > 0 && (
          <p className="warn-text small span2" role="status" data-testid="pos-name-taken">
            Ya existe un punto de venta llamado «{draft.name.trim()}»: el {posNamedLike(branches, draft.name).map(posPlaceText).join(' y el ')}. El SIAT lo acepta, pero
            en la caja y en los tickets se verían iguales: elija otro nombre.
          </p>
        )}
        <p className={`small span2 form-note ${siatReachable === false ? 'warn-text' : 'muted'}`}>
          {siatReachable === false
            ? 'El SIAT no responde ahora: el registro no se podrá hacer hasta que vuelva la conexión.'
            : 'Se registra en el SIAT, que asigna el código: necesita conexión en línea.'}
        </p>
        <FormFooter outcome={outcome} prefix="pos" idle="Registrar en el SIAT" busy="Registrando en el SIAT…" />
      </form>
    </section>
  );
}

/** Errors, the success line and the submit button of a form (test ids `<prefix>-form-errors`, `-ok`, `-save`). */
function FormFooter(props: { outcome: FormOutcome; prefix: 'branch' | 'pos'; idle: string; busy: string }) {
  const { outcome, prefix } = props;
  return (
    <div className="span2">
      <ErrorList errors={outcome.errors} testId={`${prefix}-form-errors`} />
      {outcome.ok && (
        <div className="ok-box" role="status" data-testid={`${prefix}-ok`}>
          {outcome.ok}
        </div>
      )}
      <button className="primary" type="submit" aria-disabled={outcome.busy} data-testid={`${prefix}-save`}>
        {outcome.busy ? props.busy : props.idle}
      </button>
    </div>
  );
}

function CloseDialog({ target, busy, errors }: { target: CloseTarget; busy: boolean; errors: string[] }) {
  const cancel = () => useBranches.getState().cancelClose();
  const pos = target.kind === 'pos';
  return (
    <Modal title={pos ? '¿Cerrar el punto de venta?' : '¿Cerrar la sucursal?'} onClose={cancel} testId="close-dialog">
      <div data-kind={target.kind} data-testid="close-dialog-body">
        {pos ? (
          <p>
            Punto de venta <strong>{target.code}</strong> "{target.name}" de la sucursal "{target.branchName}". Se cierra en el SIAT y ya no
            podrá emitir facturas; las que emitió siguen consultables.
          </p>
        ) : (
          <p>
            Sucursal <strong>{target.siatCode}</strong> "{target.name}". Deja de aparecer en Kipu, su código no se vuelve a usar y sus
            facturas siguen consultables. Dele de baja también en el padrón del SIN.
          </p>
        )}
      </div>
      <ErrorList errors={errors} testId="close-errors" />
      <div className="modal-actions">
        {/* aria-disabled, not disabled: a disabled button drops the focus out of the dialog, and then Esc no longer reaches it. */}
        <button
          className="primary danger"
          aria-disabled={busy}
          data-testid="confirm-close-button"
          onClick={() => void useBranches.getState().confirmClose()}
        >
          {busy ? 'Cerrando…' : pos ? 'Sí, cerrar el punto de venta (Enter)' : 'Sí, cerrar la sucursal (Enter)'}
        </button>
        <button onClick={cancel} data-testid="keep-open-button">
          No, volver (Esc)
        </button>
      </div>
    </Modal>
  );
}
