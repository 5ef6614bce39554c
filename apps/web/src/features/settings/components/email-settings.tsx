import type { UserSettings } from '@bulkwise/contracts';
import { Mail } from 'lucide-react';
import { useId } from 'react';

interface EmailSettingsProps {
  settings: UserSettings;
  saving: boolean;
  onChange: (next: UserSettings) => void;
}

/** The order-email switch; its state is what the server stored (the page saves every change). */
export function EmailSettings({ settings, saving, onChange }: EmailSettingsProps) {
  const hintId = useId();
  return (
    <fieldset className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <legend className="flex items-center gap-2 text-lg font-semibold">
          <Mail className="size-5 text-primary" aria-hidden="true" />
          Email notifications
        </legend>
        <label className="flex cursor-pointer items-start justify-between gap-4">
          <span>
            <span className="block font-medium">Order emails</span>
            <span id={hintId} className="block text-sm text-base-content/75">
              New orders for your products; confirmations, shipping and cancellations of your purchases.
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-primary mt-1"
            checked={settings.emailNotifications}
            disabled={saving}
            aria-describedby={hintId}
            onChange={(event) => onChange({ ...settings, emailNotifications: event.target.checked })}
          />
        </label>
      </div>
    </fieldset>
  );
}
