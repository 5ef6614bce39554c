import type { DialogField } from '@/components/form/dialog-fields';
import { TIMINGS } from '@/config/timings';

/*
 * SweetAlert2 wrappers. The library is imported on first use so it stays out of the first-paint
 * bundle; every dialog follows the page's current theme.
 */
async function loadSwal() {
  return (await import('sweetalert2')).default;
}

function currentTheme(): 'dark' | 'light' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** A list of messages as DOM nodes: text, never HTML, so user or server text cannot inject markup. */
function messageList(messages: readonly string[]): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'swal-message-list';
  list.style.textAlign = 'left';
  list.style.listStyle = 'disc';
  list.style.paddingLeft = '1.5rem';
  for (const message of messages) {
    const item = document.createElement('li');
    item.textContent = message;
    list.append(item);
  }
  return list;
}

export interface ConfirmDialogOptions {
  title?: string;
  text: string;
  confirmText: string;
  cancelText: string;
  icon?: 'warning' | 'question' | 'info';
  /** 'danger' (default) for destructive actions; 'primary' for a plain next step such as Log In. */
  tone?: 'danger' | 'primary';
}

/** Resolves true only when the user pressed the confirm button. */
export async function confirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    theme: currentTheme(),
    icon: options.icon ?? 'warning',
    title: options.title,
    text: options.text,
    showCancelButton: true,
    confirmButtonText: options.confirmText,
    cancelButtonText: options.cancelText,
    confirmButtonColor: options.tone === 'primary' ? '#4338ca' : '#dc2626',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A success message that closes itself after 1.5 s (spec section 9); resolves when it has closed. */
export async function successDialog(title: string, text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    theme: currentTheme(),
    icon: 'success',
    title,
    text,
    timer: TIMINGS.successDialogMs,
    showConfirmButton: false,
  });
}

export type ErrorDialogChoice = 'confirm' | 'extra' | 'dismiss';

export interface ErrorDialogOptions {
  /** Label of the main button; 'OK' when not given. */
  confirmText?: string;
  /** A second button (for example 'Create Account'); choosing it resolves 'extra'. */
  extraButton?: string;
}

/** An error dialog; `text` may be one message or a list (each shown as a bullet). */
export async function errorDialog(
  title: string,
  text: string | readonly string[],
  options: ErrorDialogOptions = {},
): Promise<ErrorDialogChoice> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    theme: currentTheme(),
    icon: 'error',
    title,
    ...(typeof text === 'string' ? { text } : { html: messageList(text) }),
    confirmButtonText: options.confirmText ?? 'OK',
    showDenyButton: Boolean(options.extraButton),
    denyButtonText: options.extraButton,
    denyButtonColor: '#2563eb',
  });
  if (result.isConfirmed) return 'confirm';
  if (result.isDenied) return 'extra';
  return 'dismiss';
}

export type FormDialogField = DialogField;

export interface FormDialogOptions {
  title: string;
  text?: string;
  fields: readonly FormDialogField[];
  confirmText: string;
  cancelText: string;
  tone?: 'danger' | 'primary';
}

/**
 * Labelled fields in a dialog, on the form kit (components/form/dialog-fields.tsx): each field's error
 * shows under it and is announced. Resolves the trimmed values, or null when the user cancelled.
 */
export async function formDialog(options: FormDialogOptions): Promise<Record<string, string> | null> {
  const [Swal, { mountDialogFields }] = await Promise.all([
    loadSwal(),
    import('@/components/form/dialog-fields'),
  ]);
  const body = document.createElement('div');
  const form = mountDialogFields(body, options.fields);
  try {
    const result = await Swal.fire({
      theme: currentTheme(),
      title: options.title,
      text: options.text,
      html: body,
      showCancelButton: true,
      confirmButtonText: options.confirmText,
      cancelButtonText: options.cancelText,
      confirmButtonColor: options.tone === 'danger' ? '#dc2626' : '#4338ca',
      focusConfirm: false,
      didOpen: () => form.focusFirst(),
      preConfirm: () => form.submit() ?? false,
    });
    return result.isConfirmed ? (result.value as Record<string, string>) : null;
  } finally {
    form.unmount();
  }
}
