// A tenant's saved receipt printer, checked again on every read: a value stored before issue
// #19 (any file path, a loopback address) counts as no printer rather than reaching the
// transport. (The same rule as the printing routes' own reader.)
import type { SettingsStore } from '../store/settings-store';
import { validatePrinterSettings, type PrinterSettings } from './settings';

export function savedPrinterSettings(settings: Pick<SettingsStore, 'get'>, tenantId: string, policy: { allowLoopback: boolean }): PrinterSettings | null {
  const raw = settings.get<unknown>(tenantId, 'printer');
  if (raw === null) return null;
  const v = validatePrinterSettings(raw, policy);
  return v.ok ? v.settings : null;
}
