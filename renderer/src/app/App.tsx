// Shell: training banner, navigation, the current screen, the status bar.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Notices } from '../components/Notices';
import { StatusBar } from './StatusBar';
import { TrainingBanner } from './TrainingBanner';
import { EXTRA_NAV, NAV_ORDER, UNKEYED_NAV, commandForKey } from '../sale/keymap';
import { SCREEN_LABELS, SCREEN_SHORT_LABELS, useNav } from './nav-store';
import { useSession } from '../session/session-store';
import { useTillStatus } from '../connection/till-status-store';
import { BranchesScreen } from '../branches/BranchesScreen';
import { ConnectionScreen } from '../connection/ConnectionScreen';
import { InvoicesScreen } from '../invoices/InvoicesScreen';
import { LoginScreen } from '../session/LoginScreen';
import { ApprovalDialog } from '../session/ApprovalDialog';
import { watchIdle } from '../session/idle-lock';
import { PosPicker } from '../session/PosPicker';
import { ProductsScreen } from '../products/ProductsScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { SyncScreen } from '../sync/SyncScreen';
import { SaleScreen } from '../sale/SaleScreen';
import { CashScreen } from '../cash/CashScreen';
import { UpdateNotice } from './UpdateNotice';
import { PurchasesScreen } from '../purchases/PurchasesScreen';
import { BooksScreen } from '../books/BooksScreen';
import { BatchesScreen } from '../batches/BatchesScreen';
import { AuthorizationScreen } from '../certification/AuthorizationScreen';
import { AssistantPanel } from '../assistant/AssistantPanel';
import { useAssistant } from '../assistant/assistant-store';

/** "Carla Cajera" → "CC". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function App() {
  const { phase, config, posId, pointsOfSale, person, idleMinutes } = useSession(
    useShallow((s) => ({ phase: s.phase, config: s.config, posId: s.posId, pointsOfSale: s.pointsOfSale, person: s.person, idleMinutes: s.idleMinutes })),
  );
  const statusTraining = useTillStatus((s) => s.status?.training);
  const screen = useNav((s) => s.screen);
  const training = statusTraining ?? config?.training ?? false;
  const assistantOpen = useAssistant((s) => s.open);

  useEffect(() => {
    void useSession.getState().init();
  }, []);

  useEffect(() => {
    if (phase !== 'ready') return;
    useTillStatus.getState().start();
    return () => useTillStatus.getState().stop();
  }, [phase]);

  // A person's till locks itself after the store's idle time; the sale in progress waits (issue 27).
  useEffect(() => {
    if (phase !== 'ready' || !person || !idleMinutes) return;
    return watchIdle({
      idleMs: idleMinutes * 60_000,
      target: window,
      onIdle: () => useSession.getState().lock(`La caja se bloqueó tras ${idleMinutes} min sin uso. La venta en curso se conserva: ingrese con su PIN.`),
    });
  }, [phase, person, idleMinutes]);

  // Alt+1…8 and F1 (Ayuda SIAT) from anywhere.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (useSession.getState().phase !== 'ready') return;
      const cmd = commandForKey(e, false);
      if (cmd?.kind === 'nav') {
        e.preventDefault();
        useNav.getState().go(cmd.target);
      } else if (cmd?.kind === 'assistant') {
        e.preventDefault(); // a browser's own F1 opens its help page
        useAssistant.getState().toggle(document.activeElement instanceof HTMLElement ? document.activeElement : null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    document.title = training ? 'Kipu — MODO ENTRENAMIENTO' : 'Kipu';
    document.documentElement.classList.toggle('training', training);
  }, [training]);

  const pos = pointsOfSale.find((p) => p.id === posId);

  return (
    <div className={assistantOpen ? 'app assistant-open' : 'app'}>
      {training && <TrainingBanner />}
      {phase === 'loading' && (
        <div className="center-card" data-testid="loading">
          <div className="card">Cargando…</div>
        </div>
      )}
      {phase === 'login' && <LoginScreen />}
      {phase === 'choosePos' && <PosPicker />}
      {phase === 'ready' && (
        <>
          <header className="topbar">
            <span className="brand">Kipu</span>
            <nav className="tabs" aria-label="Pantallas">
              {[
                ...NAV_ORDER.map((target, i) => ({ target, key: `Alt+${i + 1}` })),
                ...EXTRA_NAV.map(({ target, key }) => ({ target, key: `Alt+${key}` })),
                ...UNKEYED_NAV.map((target) => ({ target, key: null })),
              ].map(({ target, key }) => (
                <button
                  key={target}
                  className={screen === target ? 'tab active' : 'tab'}
                  data-testid={`nav-${target}`}
                  aria-current={screen === target ? 'page' : undefined}
                  onClick={() => useNav.getState().go(target)}
                  title={key ? `${SCREEN_LABELS[target]} (${key})` : SCREEN_LABELS[target]}
                  aria-label={SCREEN_LABELS[target]}
                >
                  {SCREEN_SHORT_LABELS[target] ? (
                    <>
                      <span className="tab-long">{SCREEN_LABELS[target]}</span>
                      <span className="tab-short">{SCREEN_SHORT_LABELS[target]}</span>
                    </>
                  ) : (
                    SCREEN_LABELS[target]
                  )}
                </button>
              ))}
            </nav>
            <span className="spacer" />
            <UpdateNotice />
            {pos && (
              <button className="ghost pos-name" onClick={() => useSession.getState().changePos()} data-testid="current-pos" title={`${pos.name} — cambiar punto de venta`}>
                {pos.name}
              </button>
            )}
            {person && (
              // Who is at the till; clicking it is "Cambiar cajero" (the sale in progress waits, parked).
              <button
                className="ghost person-name"
                onClick={() => void useSession.getState().switchCashier()}
                data-testid="switch-cashier"
                title={`${person.name} (${person.role}) — Cambiar cajero: la venta en curso queda en espera`}
                aria-label={`Cambiar cajero (ahora ${person.name})`}
              >
                <span className="person-long" data-testid="current-person">
                  {person.name}
                </span>
                {/* A small screen shows the initials: the bar keeps every tab (issue 24, item 8). */}
                <span className="person-short">{initials(person.name)}</span> ⇄
              </button>
            )}
            <button className="ghost" onClick={() => useSession.getState().logout()} data-testid="logout-button">
              Salir
            </button>
          </header>
          <main className="screen" data-testid={`screen-${screen}`}>
            {screen === 'ventas' && <SaleScreen />}
            {screen === 'productos' && <ProductsScreen />}
            {screen === 'facturas' && <InvoicesScreen />}
            {screen === 'conexion' && <ConnectionScreen />}
            {screen === 'sincronizacion' && <SyncScreen />}
            {screen === 'configuracion' && <SettingsScreen />}
            {screen === 'sucursales' && <BranchesScreen />}
            {screen === 'caja' && <CashScreen />}
            {screen === 'compras' && <PurchasesScreen />}
            {screen === 'libros' && <BooksScreen />}
            {screen === 'lotes' && <BatchesScreen />}
            {screen === 'autorizacion' && <AuthorizationScreen />}
          </main>
          <StatusBar />
          <AssistantPanel />
          <ApprovalDialog />
        </>
      )}
      <Notices />
    </div>
  );
}
