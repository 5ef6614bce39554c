import type { OrderEventSink } from '../modules/orders/order-events';
import type { InvalidateOrders } from '../modules/orders/orders.cache';
import type { OrdersRepository } from '../modules/orders/orders.repository';
import type { InvalidateProducts } from '../modules/products/products.cache';
import { createQuotesReadCache, quotesInvalidator } from '../modules/quotes/quotes.cache';
import { createQuoteReads } from '../modules/quotes/quotes.reads';
import { createQuotesRepository } from '../modules/quotes/quotes.repository';
import { createQuotesService } from '../modules/quotes/quotes.service';
import { startQuoteSweep } from '../modules/quotes/quotes.sweep';
import { createThreadsRepository } from '../modules/threads/threads.repository';
import { createThreadsService, type PartiesOf } from '../modules/threads/threads.service';
import type { WiringContext } from './context';

/** An order's thread is between its buyer and its supplier (none for an order without a supplier). */
function orderParties(ordersRepository: OrdersRepository): PartiesOf {
  return async (id) => {
    const row = await ordersRepository.findById(id);
    return row && row.supplierUid
      ? {
          buyer: { uid: row.buyerUid, name: row.buyerName, email: row.buyerEmail },
          supplier: {
            uid: row.supplierUid,
            name: row.supplierName ?? '',
            email: row.supplierEmail ?? '',
          },
        }
      : undefined;
  };
}

/** Quotes (their reads and this process's sweep) and the threads of quotes and orders. */
export function createQuoteServices(
  { app, deps, bus }: WiringContext,
  links: {
    clock: () => Date;
    orderEvents: OrderEventSink;
    invalidateOrders: InvalidateOrders;
    invalidateProducts: InvalidateProducts;
    ordersRepository: OrdersRepository;
  },
) {
  const { clock } = links;
  const db = deps.database.db;
  const quotesRepository = createQuotesRepository(db);
  const invalidateQuotes = quotesInvalidator(bus);
  const quotes = createQuotesService({
    repository: quotesRepository,
    events: links.orderEvents,
    clock,
    invalidateOrders: links.invalidateOrders,
    invalidateProducts: links.invalidateProducts,
    invalidateQuotes,
  });
  const quoteReads = createQuoteReads({
    repository: quotesRepository,
    clock,
    reads: createQuotesReadCache(bus, clock),
  });
  const threads = createThreadsService({
    repository: createThreadsRepository(db),
    clock,
    // The quotes lists show each quote's unread messages.
    changed: (subject, { buyer, supplier }) => {
      if (subject === 'quote') invalidateQuotes(buyer.uid, supplier.uid);
    },
    parties: { quote: quotes.parties, order: orderParties(links.ordersRepository) },
  });
  const quoteSweep = startQuoteSweep(
    db,
    clock,
    deps.quoteSweepMs ?? 60_000,
    (msg, err) => app.log.warn({ err }, msg),
    invalidateQuotes,
  );
  app.addHook('onClose', quoteSweep.stop);
  return { quotes, quoteReads, threads };
}
