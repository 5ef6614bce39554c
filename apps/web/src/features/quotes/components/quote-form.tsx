import { Send } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { BusyButton } from '@/components/form/busy-button';

/** A quote form (a request, an offer, a counter): named, checked by its hook rather than the browser. */
export function QuoteForm(props: {
  onSubmit: (event: FormEvent) => Promise<void>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => void props.onSubmit(e)}
      noValidate
      className={props.className}
      aria-label={props.label}
    >
      {props.children}
    </form>
  );
}

/** The submit button of a quote form, 'Sending…' while it is sent. */
export function SendButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className: string;
  children: string;
}) {
  const icon = <Send className="size-4" aria-hidden="true" />;
  return (
    <BusyButton type="submit" className={className} busy={busy} busyLabel="Sending…" icon={icon}>
      {children}
    </BusyButton>
  );
}
