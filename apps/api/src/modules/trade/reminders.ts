import { DUE_SOON_DAYS } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { dayOf } from './trade.mapper';

const REMINDERS = {
  due_soon: {
    kind: 'trade.invoice_due_soon',
    when: (today: string) =>
      sql`i.due_on > i.issued_on and i.due_on between ${today}::date and ${today}::date + ${DUE_SOON_DAYS}::int`,
    subject: sql`'Invoice ' || i.number || ' is due on ' || i.due_on::text`,
    lead: sql`'A reminder: invoice ' || i.number || ' from ' || (i.snapshot->'seller'->>'name') || ' is due soon.'`,
  },
  overdue: {
    kind: 'trade.invoice_overdue',
    when: (today: string) => sql`i.due_on < ${today}::date`,
    subject: sql`'Invoice ' || i.number || ' is overdue'`,
    lead: sql`'Invoice ' || i.number || ' from ' || (i.snapshot->'seller'->>'name') || ' was due on ' || i.due_on::text || '. New orders on account wait until it is paid.'`,
  },
} as const;

/**
 * Queues each reminder once per invoice, whatever the number of instances: the marker row's primary key
 * (invoice, reminder) and the outbox row are written by one statement, so only the instance whose marker
 * insert won writes the mail.
 */
export async function queueInvoiceReminders(db: Db, today: string): Promise<number> {
  let queued = 0;
  for (const [name, r] of Object.entries(REMINDERS)) {
    const balance = sql`(i.total_cents - i.paid_cents - i.credited_cents)`;
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`with marked as (
        insert into invoice_reminders (invoice_id, kind)
        select i.id, ${name} from invoices i
        where i.voided_at is null and ${balance} > 0 and ${r.when(today)}
        on conflict do nothing returning invoice_id)
      insert into notification_outbox (kind, recipient_uid, recipient_email, payload)
      select ${r.kind}, i.buyer_uid, i.snapshot->'buyer'->>'email', jsonb_build_object(
        'greeting', i.snapshot->'buyer'->>'name', 'subject', ${r.subject}, 'lead', ${r.lead},
        'facts', jsonb_build_array(
          jsonb_build_array('Invoice', i.number),
          jsonb_build_array('Balance due', '$' || to_char(${balance} / 100.0, 'FM999999999990.00')),
          jsonb_build_array('Due', i.due_on::text)),
        'link', jsonb_build_object('label', 'Open your invoices', 'path', '/invoices?id=' || i.id::text))
      from marked join invoices i on i.id = marked.invoice_id
      returning id`,
    );
    queued += rows.length;
  }
  return queued;
}

/** Looks for reminders to send every `intervalMs` (0: never, as in tests, which call the query directly). */
export function startInvoiceReminders(deps: {
  db: Db;
  clock: () => Date;
  intervalMs: number;
  log: (msg: string, err: unknown) => void;
}): { stop(): void } {
  if (deps.intervalMs <= 0) return { stop: () => {} };
  const timer = setInterval(() => {
    queueInvoiceReminders(deps.db, dayOf(deps.clock())).catch((err) =>
      deps.log('invoice reminders failed; next try at the next interval', err),
    );
  }, deps.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
