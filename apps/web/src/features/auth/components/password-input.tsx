import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState, type ComponentProps } from 'react';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A password field with a show/hide button; `ref` reaches the <input> (react-hook-form needs it). */
export function PasswordInput({ ref, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={`input w-full ${className ?? ''}`}>
      <Lock className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      <input ref={ref} type={visible ? 'text' : 'password'} className="grow" {...props} />
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
