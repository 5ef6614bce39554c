import { vi } from 'vitest';
import type * as Dialogs from '@/lib/dialogs';

/*
 * The SweetAlert2 dialogs as mocks, for `vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'))`:
 * a confirmation says yes, an error dialog is confirmed, a form dialog is dismissed.
 */
export const confirmDialog = vi.fn<typeof Dialogs.confirmDialog>(async () => true);
export const successDialog = vi.fn<typeof Dialogs.successDialog>(async () => {});
export const errorDialog = vi.fn<typeof Dialogs.errorDialog>(async () => 'confirm');
export const formDialog = vi.fn<typeof Dialogs.formDialog>(async () => null);

/** Forgets the calls of the confirmation and error dialogs, and confirmations say yes again. */
export function resetDialogMocks() {
  confirmDialog.mockClear().mockResolvedValue(true);
  errorDialog.mockClear();
}
