// QR of a link (SIAT's QR page for the invoice), drawn locally as SVG: works offline.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export function QrCode({ text, size = 96, testId }: { text: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => alive && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [text]);
  if (!src) return <div className="qr-placeholder" style={{ width: size, height: size }} data-testid={testId} />;
  return <img src={src} width={size} height={size} alt="Código QR de la factura" data-testid={testId} className="qr" />;
}
