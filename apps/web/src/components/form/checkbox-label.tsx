import type { ReactNode } from 'react';

interface CheckboxLabelProps {
  /** The label's classes (its layout and text style). */
  className: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The text after the box, which names it. */
  children: ReactNode;
}

/** A small checkbox named by the text beside it, the whole label clickable. */
export function CheckboxLabel({ className, checked, onChange, children }: CheckboxLabelProps) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {children}
    </label>
  );
}
