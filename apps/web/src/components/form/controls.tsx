import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useFieldControl } from './field-context';

// Each control spreads the Field's wiring last: the Field owns id, aria-invalid and aria-describedby.
// `ref` travels in the props (React 19), so react-hook-form's `register()` can be spread onto any of them.

type InputProps = ComponentProps<'input'>;

/** A plain text-like input (text, email, url...). */
export function TextInput({ className = '', ...props }: InputProps) {
  const field = useFieldControl();
  return <input className={`input w-full ${className}`} {...props} {...field} />;
}

/** An input with a decorative icon at its start. */
export function IconInput({ icon: Icon, className = '', ...props }: InputProps & { icon: LucideIcon }) {
  const field = useFieldControl();
  return (
    <div className={`input w-full ${className}`}>
      <Icon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      <input className="grow" {...props} {...field} />
    </div>
  );
}

interface NumberInputProps extends Omit<InputProps, 'type' | 'prefix'> {
  /** A unit shown before the value (for example '$'); decorative, so the label must say it. */
  prefix?: ReactNode;
}

/**
 * A number input. The phone keyboard follows the step: whole steps get digits only. With
 * react-hook-form, convert the text in `register(name, { setValueAs })`: a blank input is '' not 0.
 */
export function NumberInput({ prefix, className = '', step = 1, inputMode, ...props }: NumberInputProps) {
  const field = useFieldControl();
  const mode = inputMode ?? (Number.isInteger(Number(step)) ? 'numeric' : 'decimal');
  const number = { type: 'number', step, inputMode: mode, ...props, ...field };
  if (prefix === undefined) return <input {...number} className={`input w-full ${className}`} />;
  return (
    <div className={`input w-full ${className}`}>
      <span className="text-base-content/70" aria-hidden="true">
        {prefix}
      </span>
      <input {...number} className="grow" />
    </div>
  );
}

interface SelectProps extends ComponentProps<'select'> {
  /** A first, disabled choice shown while nothing is chosen (its value is ''). */
  placeholder?: string;
}

/** A native select; pass the options as children. */
export function Select({ placeholder, className = '', children, ...props }: SelectProps) {
  const field = useFieldControl();
  return (
    <select className={`select w-full ${className}`} {...props} {...field}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {children}
    </select>
  );
}

/** A multi-line text input. */
export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  const field = useFieldControl();
  return <textarea className={`textarea w-full ${className}`} {...props} {...field} />;
}
