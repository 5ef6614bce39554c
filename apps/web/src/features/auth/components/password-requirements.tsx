import { CircleCheck, CircleX } from 'lucide-react';
import { PASSWORD_MESSAGES } from '@/config/messages';
import { PASSWORD_RULES } from '../password-rules';

/** Live feedback under the password field: each rule met or not, or one line when all are met. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  if (password === '') return null;
  const results = PASSWORD_RULES.map((rule) => ({ ...rule, met: rule.test(password) }));

  if (results.every((rule) => rule.met)) {
    return (
      <p id={id} className="text-sm font-medium text-success" aria-live="polite">
        {PASSWORD_MESSAGES.allMet}
      </p>
    );
  }
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm" aria-live="polite" aria-label="Password requirements">
      {results.map((rule) => (
        <li
          key={rule.id}
          data-met={rule.met}
          className={`flex items-start gap-2 ${rule.met ? 'text-success' : 'text-error'}`}
        >
          {rule.met ? (
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {rule.message}
            <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
