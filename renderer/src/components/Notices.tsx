import { useEffect } from 'react';
import { useNotices, type Notice } from './notices-store';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';

const LIFETIME_MS = 8000;

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  useEffect(() => {
    if (notices.length === 0) return;
    const timers = notices.filter((n) => n.tone !== 'error').map((n) => setTimeout(() => dismiss(n.id), LIFETIME_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return <NoticeList notices={notices} onDismiss={dismiss} />;
}

/** Errors are alerts and stay until closed; a rejection shows SIAT's codes with the error guide. */
export function NoticeList({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice ${n.tone}${n.siat ? ' alert' : ''}`}
          data-testid="notice"
          data-tone={n.tone}
          role={n.tone === 'error' ? 'alert' : undefined}
        >
          {n.siat ? (
            <div className="notice-body">
              <div className="notice-title">{n.text}</div>
              <SiatErrorGuide messages={n.siat} testId="notice-siat-guide" />
            </div>
          ) : (
            <span>{n.text}</span>
          )}
          <button className="ghost" onClick={() => onDismiss(n.id)} aria-label="Cerrar aviso">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
