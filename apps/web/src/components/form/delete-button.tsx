import { Trash2 } from 'lucide-react';
import { BusyButton } from './busy-button';

interface DeleteButtonProps {
  /** The visible word ('Delete', 'Remove'). */
  label: string;
  /** What a screen reader hears, naming the thing ('Delete Steel bolts'). */
  name: string;
  busy: boolean;
  onClick: () => void;
}

/** The small red button that deletes one thing from a card: a trash icon, a spinner while it runs. */
export function DeleteButton({ label, name, busy, onClick }: DeleteButtonProps) {
  return (
    <BusyButton
      className="btn btn-error btn-sm"
      onClick={onClick}
      busy={busy}
      spinner="xs"
      icon={<Trash2 className="size-4" aria-hidden="true" />}
      aria-label={name}
    >
      {label}
    </BusyButton>
  );
}
