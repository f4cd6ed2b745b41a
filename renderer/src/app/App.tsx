// Shell: training banner, navigation, the current screen, the status bar.
import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Notices } from '../components/Notices';
import { StatusBar } from './StatusBar';
import { TrainingBanner } from './TrainingBanner';
import { commandForKey } from '../sale/keymap';
import { useNav } from './nav-store';
import { NavBar } from './NavBar';
import { barScreens, HOME_SCREEN, SCREENS, screenForKey, visibleScreens } from './screens';
import { mayChangePos, useSession } from '../session/session-store';
import { useTillStatus } from '../connection/till-status-store';
import { LoginScreen } from '../session/LoginScreen';
import { ApprovalDialog } from '../session/ApprovalDialog';
import { watchIdle } from '../session/idle-lock';
import { PosPicker } from '../session/PosPicker';
import { UpdateNotice } from './UpdateNotice';
import { AssistantPanel } from '../assistant/AssistantPanel';
import { useAssistant } from '../assistant/assistant-store';
import { focusScreenStart, watchFocusLoss } from '../components/screen-focus';
import { guardScannerEnter } from '../components/scanner-enter-guard';

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
  const visit = useNav((s) => s.visit);
  const training = statusTraining ?? config?.training ?? false;
  const assistantOpen = useAssistant((s) => s.open);
  // The screens this person sees (an API key's session: all of them).
  const role = person?.role ?? null;
  const screens = useMemo(() => visibleScreens(role, SCREENS), [role]);
  const current = screens.find((s) => s.id === screen);

  // Whoever logs in next may not see the screen the last person left open: back to Venta.
  useEffect(() => {
    if (phase === 'ready' && !current) useNav.getState().go(HOME_SCREEN);
  }, [phase, current]);

  useEffect(() => {
    void useSession.getState().init();
  }, []);

  // The keyboard never falls to the page (components/screen-focus.ts): arriving at a screen puts
  // the focus on its start (after the screen's own effects: one that focused a field keeps it),
  // and a control that disappears with the focus hands it to the screen's start.
  useEffect(() => {
    if (phase === 'ready') focusScreenStart('outside');
  }, [phase, screen, visit]);
  useEffect(() => watchFocusLoss(), []);
  // A scanner's Enter never presses a dialog's button nor asks the assistant.
  useEffect(() => guardScannerEnter(), []);

  // A person who logs in starts on Venta, not on the screen the last one left (a cashier after the
  // manager's Configuración); the point of sale's picker (choosePos) keeps the screen it came from.
  const loggedOut = useRef(false);
  useEffect(() => {
    if (phase === 'login') loggedOut.current = true;
    else if (phase === 'ready' && loggedOut.current) {
      loggedOut.current = false;
      useNav.getState().go(HOME_SCREEN);
    }
  }, [phase]);

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

  // Alt+digit (the registry's keys, app/screens.ts) and F1 (Ayuda SIAT) from anywhere.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const session = useSession.getState();
      if (session.phase !== 'ready') return;
      const target = screenForKey(e, visibleScreens(session.person?.role ?? null, SCREENS));
      if (target) {
        e.preventDefault();
        useNav.getState().go(target.id);
        return;
      }
      if (commandForKey(e, false)?.kind === 'assistant') {
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
            <NavBar screens={barScreens(screens)} current={screen} onGo={(id) => useNav.getState().go(id)} />
            <span className="spacer" />
            <UpdateNotice />
            {pos &&
              (mayChangePos(person) ? (
                <button className="ghost pos-name" onClick={() => useSession.getState().changePos()} data-testid="current-pos" title={`${pos.name} — cambiar punto de venta`}>
                  {pos.name}
                </button>
              ) : (
                // A cashier's till stays on its point of sale (session-store.ts, mayChangePos): a name, not a button.
                <span className="pos-name" data-testid="current-pos" title={pos.name}>
                  {pos.name}
                </span>
              ))}
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
          {/* Focusable by the till only (screen-focus.ts): a screen without a control keeps the keyboard. */}
          <main className="screen" data-testid={`screen-${screen}`} tabIndex={-1}>
            {current && <current.Component />}
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
