import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { ToggleGroup } from '@/components/form/toggle-group';
import { PRESETS, type Preset, type PeriodState } from './use-period';

/** The period's choices: the presets, then a custom range. */
const PERIODS: Array<{ value: Preset; label: string }> = [
  ...PRESETS.map((days) => ({ value: days, label: `Last ${days} days` })),
  { value: 'custom', label: 'Custom' },
];

/** The preset buttons and, for a custom period, its two dates. */
export function PeriodPicker({ state }: { state: PeriodState }) {
  const { preset, setPreset } = state;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <ToggleGroup
        label="Period"
        options={PERIODS}
        value={preset}
        onChange={setPreset}
        className="flex-wrap"
      />
      {preset === 'custom' && <CustomRange state={state} />}
    </div>
  );
}

function DateLabel({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input type="date" className="input input-sm" {...input} />
    </label>
  );
}

function CustomRange({ state: { custom, setCustom, customValid } }: { state: PeriodState }) {
  const setBound = (bound: 'from' | 'to') => (e: ChangeEvent<HTMLInputElement>) =>
    setCustom((c) => ({ ...c, [bound]: e.target.value }));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <DateLabel label="From" value={custom.from} max={custom.to} onChange={setBound('from')} />
      <DateLabel label="To" value={custom.to} min={custom.from} onChange={setBound('to')} />
      {!customValid && (
        <p role="alert" className="text-sm text-error">
          Choose a start before the end, at most 2 years apart.
        </p>
      )}
    </div>
  );
}
