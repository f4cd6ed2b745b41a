// Upkeep notices (an expiring certificate or token, a failed CUIS/CUFD renewal) hold for days and
// the scheduler sees them on every tick: each is published at most once per Bolivian calendar
// day per tenant (and point of sale). The day of the last one is kept in the settings table, so
// a restart does not publish it again.
import type { SettingsStore } from '../store/settings-store';
import type { EventBus } from '../events/event-bus';
import type { KipuEventMap, KipuEventType } from '../events/event-map';
import { boliviaDate } from '../../shared/time';

export type UpkeepEventType = Extract<KipuEventType, 'siat.token_expiring' | 'certificate.expiring' | 'cufd.renewal_failed' | 'cuis.renewal_failed'>;

/** Settings key holding the day a notice was last published. */
export const noticeSettingKey = (type: UpkeepEventType, posId: string | null) => `notice.${type}${posId ? `.${posId}` : ''}`;

export class DailyNotices {
  constructor(
    private readonly settings: SettingsStore,
    private readonly bus: EventBus,
    private readonly now: () => Date,
  ) {}

  /** Publishes the event unless it was already published today; true when published. */
  publish<K extends UpkeepEventType>(type: K, tenantId: string, posId: string | null, data: KipuEventMap[K]): boolean {
    const key = noticeSettingKey(type, posId);
    const today = boliviaDate(this.now());
    if (this.settings.get<string>(tenantId, key) === today) return false;
    this.settings.set(tenantId, key, today);
    this.bus.publish({ type, tenantId, posId, data });
    return true;
  }
}
