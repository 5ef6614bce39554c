import type { UserSettings } from '@bulkwise/contracts';
import { Mail } from 'lucide-react';
import { useId } from 'react';

interface EmailSettingsProps {
  settings: UserSettings;
  saving: boolean;
  onChange: (next: UserSettings) => void;
}

function EmailSwitch(props: {
  title: string;
  hint: string;
  checked: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4">
      <span className="flex flex-col">
        <span className="font-medium">{props.title}</span>
        <span id={hintId} className="text-sm text-base-content/75">
          {props.hint}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="toggle toggle-primary mt-1"
        checked={props.checked}
        disabled={props.saving}
        aria-describedby={hintId}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </label>
  );
}

/** The switches, each for one setting of the user. */
const SWITCHES = [
  {
    setting: 'emailNotifications',
    title: 'Order emails',
    hint: 'New orders for your products; confirmations, shipping and cancellations of your purchases.',
  },
  {
    setting: 'lowStockEmails',
    title: 'Low-stock emails',
    hint: 'One email when a product of yours falls below its low-stock threshold (by default its minimum order).',
  },
] as const;

/** The email switches; their state is what the server stored (the page saves every change). */
export function EmailSettings({ settings, saving, onChange }: EmailSettingsProps) {
  return (
    <fieldset className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <legend className="flex items-center gap-2 text-lg font-semibold">
          <Mail className="size-5 text-primary" aria-hidden="true" />
          Email notifications
        </legend>
        {SWITCHES.map(({ setting, title, hint }) => (
          <EmailSwitch
            key={setting}
            title={title}
            hint={hint}
            checked={settings[setting]}
            saving={saving}
            onChange={(on) => onChange({ ...settings, [setting]: on })}
          />
        ))}
      </div>
    </fieldset>
  );
}
