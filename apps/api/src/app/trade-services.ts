import type { InvalidateOrders } from '../modules/orders/orders.cache';
import { businessDetailsOf } from '../modules/settings/settings.repository';
import { createInvoicesReadCache, invoicesInvalidator } from '../modules/trade/invoices.cache';
import { createInvoicesRepository } from '../modules/trade/invoices.repository';
import { createInvoicesService } from '../modules/trade/invoices.service';
import { startInvoiceReminders } from '../modules/trade/reminders';
import { createStatements } from '../modules/trade/statement';
import { createTradeRepository } from '../modules/trade/trade.repository';
import { createTradeService } from '../modules/trade/trade.service';
import type { WiringContext } from './context';

/** Trade on account: accounts, invoices (and their reminders), statements. */
export function createTradeServices(
  { app, deps, bus }: WiringContext,
  { clock, invalidateOrders }: { clock: () => Date; invalidateOrders: InvalidateOrders },
) {
  const db = deps.database.db;
  const trade = createTradeService({ repository: createTradeRepository(db), clock });
  const invoicesRepository = createInvoicesRepository(db);
  const invoiceReads = createInvoicesReadCache(bus);
  const invalidateInvoices = invoicesInvalidator(bus);
  const invoices = createInvoicesService({
    repository: invoicesRepository,
    clock,
    invalidateOrders,
    invalidateInvoices,
  });
  const statements = createStatements({
    trade,
    invoices: invoicesRepository,
    clock,
    businessDetails: (uid) => businessDetailsOf(db, uid),
  });
  // Due-soon and overdue emails: hourly; tests (NODE_ENV=test) queue them by calling the query.
  const reminders = startInvoiceReminders({
    db,
    clock,
    intervalMs: deps.config.env === 'test' ? 0 : 3_600_000,
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  app.addHook('onClose', async () => reminders.stop());
  return { trade, invoices, invoiceReads, invalidateInvoices, statements };
}
