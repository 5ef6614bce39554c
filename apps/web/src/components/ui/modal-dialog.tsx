import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

// jsdom has no showModal(); the attribute alone still renders the dialog there.
function openModal(dialog: HTMLDialogElement) {
  if (typeof dialog.showModal !== 'function') dialog.setAttribute('open', '');
  else if (!dialog.open) dialog.showModal();
}
function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close !== 'function') dialog.removeAttribute('open');
  else if (dialog.open) dialog.close();
}

interface ModalDialogProps {
  open: boolean;
  /** The heading that names the dialog. */
  title: ReactNode;
  /** While true (a request runs), Escape does not close it. */
  busy: boolean;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** Extra classes for the box (its width). */
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>, shown while `open`: the rest of the page is inert, Escape closes it (unless
 * busy) and focus returns to what opened it. Its box starts with the heading that labels it.
 */
export function ModalDialog({
  open,
  title,
  busy,
  onClose,
  onKeyDown,
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) openModal(dialog);
    else closeModal(dialog);
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <div className={className ? `modal-box ${className}` : 'modal-box'}>
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
