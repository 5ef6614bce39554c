interface ToggleGroupProps<T extends string | number> {
  /** The group's accessible name, e.g. "Period". */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  size?: 'btn-xs' | 'btn-sm';
  /** Layout classes for the group (beside 'join'). */
  className: string;
}

/** A row of joined buttons of which one is pressed: a choice shown all at once (a period, a ranking). */
export function ToggleGroup<T extends string | number>(props: ToggleGroupProps<T>) {
  const { label, options, value, onChange, size = 'btn-sm', className } = props;
  return (
    <div role="group" aria-label={label} className={`join ${className}`}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`btn join-item ${size} ${value === option.value ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
