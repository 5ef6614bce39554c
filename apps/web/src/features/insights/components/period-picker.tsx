import { PRESETS, type PeriodState } from './use-period';

/** The preset buttons and, for a custom period, its two dates. */
export function PeriodPicker({ state }: { state: PeriodState }) {
  const { preset, setPreset } = state;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div role="group" aria-label="Period" className="join flex-wrap">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={`btn join-item btn-sm ${preset === days ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={preset === days}
            onClick={() => setPreset(days)}
          >
            Last {days} days
          </button>
        ))}
        <button
          type="button"
          className={`btn join-item btn-sm ${preset === 'custom' ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={preset === 'custom'}
          onClick={() => setPreset('custom')}
        >
          Custom
        </button>
      </div>
      {preset === 'custom' && <CustomRange state={state} />}
    </div>
  );
}

function CustomRange({ state: { custom, setCustom, customValid } }: { state: PeriodState }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm">
        From
        <input
          type="date"
          className="input input-sm"
          value={custom.from}
          max={custom.to}
          onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
        />
      </label>
      <label className="flex flex-col text-sm">
        To
        <input
          type="date"
          className="input input-sm"
          value={custom.to}
          min={custom.from}
          onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
        />
      </label>
      {!customValid && (
        <p role="alert" className="text-sm text-error">
          Choose a start before the end, at most 2 years apart.
        </p>
      )}
    </div>
  );
}
