// Cajeros (issue 27): how long the till waits without use before it locks to the PIN screen, and
// how much discount a cajero gives alone (percent and amount; over it a supervisor approves in
// place). The administrator's: GET/PUT /api/v1/till-users/policy.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { describeError } from '../../api/errors';
import { formatAmountEs, toHundredths } from '../../../../shared/money';
import { parseAmount } from '../../format/amount-input';
import type { TillPolicy } from '../../../../shared/api/till-users';
import type { Outcome } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function CashierPolicySection() {
  const [policy, setPolicy] = useState<TillPolicy | null>(null);
  const [idle, setIdle] = useState('');
  const [percent, setPercent] = useState('');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.tillPolicy().then(
      (p) => {
        setPolicy(p);
        setIdle(String(p.idleMinutes));
        setPercent(String(p.discountLimitPercent ?? 10).replace('.', ','));
        setAmount(formatAmountEs(toHundredths(p.discountLimitAmount ?? 100) ?? 0));
      },
      (err: unknown) => setOutcome({ errors: describeError(err) }),
    );
  }, []);

  const save = async () => {
    if (!policy) return;
    const idleMinutes = Number(idle);
    const pct = parseAmount(percent);
    const amt = parseAmount(amount);
    const errors: string[] = [];
    if (!Number.isInteger(idleMinutes) || idleMinutes < 1 || idleMinutes > 720) errors.push('Los minutos sin uso van de 1 a 720.');
    if (pct === null || pct > 100_00) errors.push('El descuento máximo en % va de 0 a 100 (hasta 2 decimales).');
    if (amt === null) errors.push('El descuento máximo en Bs no es un monto válido (ejemplo: 100 o 50,50).');
    if (errors.length > 0) return setOutcome({ errors });
    setBusy(true);
    try {
      const saved = await api.setTillPolicy({ ...policy, idleMinutes, discountLimitPercent: pct! / 100, discountLimitAmount: amt! / 100 });
      setPolicy(saved);
      setOutcome({ ok: 'Guardado. Los límites valen desde la próxima venta; el tiempo de bloqueo, desde el próximo ingreso en cada caja.' });
    } catch (err) {
      setOutcome({ errors: describeError(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Cajeros: bloqueo y descuentos" testId="settings-cashiers">
      <div className="row">
        <label className="field">
          <span>Bloquear la caja tras (min sin uso)</span>
          <input inputMode="numeric" value={idle} onChange={(e) => setIdle(e.target.value)} data-testid="policy-idle" disabled={!policy} />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>Descuento máx. de un cajero (%)</span>
          <input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} data-testid="policy-discount-percent" disabled={!policy} />
        </label>
        <label className="field">
          <span>Descuentos máx. por venta (Bs)</span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="policy-discount-amount" disabled={!policy} />
        </label>
      </div>
      <p className="muted small">Más descuento, u otro precio que el del catálogo, lo aprueba un supervisor con su PIN en la caja.</p>
      <button className="primary" onClick={() => void save()} disabled={!policy || busy} data-testid="policy-save">
        Guardar
      </button>
      <OutcomeView outcome={outcome} testId="policy" />
    </Section>
  );
}
