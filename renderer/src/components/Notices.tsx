import { useEffect } from 'react';
import { useNotices } from './notices-store';

const LIFETIME_MS = 8000;

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  useEffect(() => {
    if (notices.length === 0) return;
    const timers = notices.filter((n) => n.tone !== 'error').map((n) => setTimeout(() => dismiss(n.id), LIFETIME_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.tone}`} data-testid="notice">
          <span>{n.text}</span>
          <button className="ghost" onClick={() => dismiss(n.id)} aria-label="Cerrar aviso">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
