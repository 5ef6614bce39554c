import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useFieldControl } from '@/components/form/field-context';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/**
 * A password field with a show/hide button; `ref` reaches the <input> (react-hook-form needs it).
 * Inside a kit Field it takes the Field's id and descriptions like the kit's own controls.
 */
export function PasswordInput({ ref, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const field = useFieldControl();
  return (
    <div className={`input w-full ${className ?? ''}`}>
      <Lock className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      <input ref={ref} type={visible ? 'text' : 'password'} className="grow" {...props} {...field} />
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
