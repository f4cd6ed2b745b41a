// The top bar's tabs: the screens this person sees (app/screens.ts), each with its Alt key.
import { shortcutOf, type ScreenEntry } from './screens';

export function NavBar<S extends ScreenEntry>({ screens, current, onGo }: { screens: readonly S[]; current: S['id']; onGo: (id: S['id']) => void }) {
  return (
    <nav className="tabs" aria-label="Pantallas">
      {screens.map((s) => {
        const shortcut = shortcutOf(s);
        return (
          <button
            key={s.id}
            className={current === s.id ? 'tab active' : 'tab'}
            data-testid={`nav-${s.id}`}
            aria-current={current === s.id ? 'page' : undefined}
            aria-keyshortcuts={shortcut ?? undefined}
            onClick={() => onGo(s.id)}
            title={shortcut ? `${s.label} (${shortcut})` : s.label}
            aria-label={s.label}
          >
            {s.shortLabel ? (
              <>
                <span className="tab-long">{s.label}</span>
                <span className="tab-short">{s.shortLabel}</span>
              </>
            ) : (
              s.label
            )}
          </button>
        );
      })}
    </nav>
  );
}
