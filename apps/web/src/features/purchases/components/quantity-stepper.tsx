import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  inputId: string;
  /** The committed quantity; minus and plus step from it. */
  value: number;
  min: number;
  max: number;
  /** What is typed, committed (clamped) when the input is left or Enter is pressed. */
  draft: string;
  onDraftChange: (draft: string) => void;
  commit: (input: string | number) => void;
  disabled: boolean;
  /** The note under the input, while the typed value is below the minimum. */
  noteId?: string;
}

/** Minus, the typed quantity and plus, as one control. */
export function QuantityStepper(props: QuantityStepperProps) {
  const { inputId, value, min, max, draft, onDraftChange, commit, disabled, noteId } = props;
  return (
    <div className="join">
      <button
        type="button"
        className="btn join-item"
        aria-label="Decrease quantity"
        aria-controls={inputId}
        disabled={disabled || value <= min}
        onClick={() => commit(value - 1)}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="input join-item w-28 text-center text-lg font-semibold"
        value={draft}
        disabled={disabled}
        aria-describedby={noteId}
        aria-invalid={noteId !== undefined || undefined}
        onChange={(event) => onDraftChange(event.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(draft);
          }
        }}
      />
      <button
        type="button"
        className="btn join-item"
        aria-label="Increase quantity"
        aria-controls={inputId}
        disabled={disabled || value >= max}
        onClick={() => commit(value + 1)}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
