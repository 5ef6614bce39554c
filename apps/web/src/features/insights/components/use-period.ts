import { INSIGHTS_MAX_RANGE_DAYS, isoDayNumber, lastDays, type InsightsInterval } from '@bulkwise/contracts';
import { useState } from 'react';
import type { Period } from '../api/keys';

export const PRESETS = [7, 30, 90, 365] as const;
export type Preset = (typeof PRESETS)[number] | 'custom';

const daysIn = (p: Period) => isoDayNumber(p.to) - isoDayNumber(p.from) + 1;
/** Bars that fit the period: days up to a month, weeks up to four months, then months. */
const intervalFor = (p: Period): InsightsInterval =>
  daysIn(p) <= 31 ? 'day' : daysIn(p) <= 120 ? 'week' : 'month';

/** The dashboard's period: a preset or a custom range (the last 30 days while the range is invalid). */
export function usePeriod() {
  const [preset, setPreset] = useState<Preset>(30);
  const [custom, setCustom] = useState<Period>(lastDays(30));
  const customValid =
    !Number.isNaN(daysIn(custom)) && daysIn(custom) >= 1 && daysIn(custom) <= INSIGHTS_MAX_RANGE_DAYS;
  const period = preset === 'custom' ? (customValid ? custom : lastDays(30)) : lastDays(preset);
  const interval = intervalFor(period);
  return { preset, setPreset, custom, setCustom, customValid, period, interval };
}

export type PeriodState = ReturnType<typeof usePeriod>;
