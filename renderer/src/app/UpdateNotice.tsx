// Desktop only: an update was downloaded; it installs when the app closes (never mid-sale).
import { useEffect, useState } from 'react';
import { desktopBridge } from '../api/desktop-bridge';

export function UpdateNotice() {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    return bridge.onUpdateReady((info) => setVersion(info.version));
  }, []);
  if (!version) return null;
  return (
    <span className="update-notice" data-testid="update-notice">
      Actualización {version} lista: se instalará al cerrar Kipu.
    </span>
  );
}
