import { z } from 'zod';
import { formatUsd } from './format';
import { hasAtMostDecimals, optionalText, requiredText, statusPageFields } from './field-rules';
import { pricedLineFields } from './pricing';
import { BusinessDetailsSchema } from './settings';

/** Trade on account (issue #25): payment terms per supplier and buyer, invoices, payments. */
export const PAYMENT_TERMS = ['prepay', 'net'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const NET_DAYS = [7, 15, 30, 60, 90] as const;
export const ACCOUNT_STATUSES = ['requested', 'active', 'on_hold', 'declined'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const INVOICE_STATUSES = ['open', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Days before the due date when the buyer is reminded. */
export const DUE_SOON_DAYS = 3;
export const PO_NUMBER_MAX = 50;
export const MONEY_MAX = 100_000_000;

/** Dollars with at most 2 decimals, as the rest of the API; stored and summed in cents. */
const money = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(MONEY_MAX, `${label} must be at most ${MONEY_MAX}`)
    .refine((v) => hasAtMostDecimals(v, 2), `${label} must have at most 2 decimals`);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date`);

/** The purchase order number a buyer may give with a purchase. */
export const PoNumberSchema = optionalText('PO number', PO_NUMBER_MAX);

export const TermsRequestBodySchema = z.object({
  supplierId: requiredText('Supplier', 200),
  companyName: requiredText('Company name', 200),
  taxId: optionalText('Tax id', 50),
  billingAddress: requiredText('Billing address', 500),
  note: optionalText('Note', 1000),
});
export type TermsRequestBody = z.infer<typeof TermsRequestBodySchema>;

export const SetTermsBodySchema = z
  .object({
    terms: z.enum(PAYMENT_TERMS, { error: 'terms must be prepay or net' }),
    netDays: z
      .number({ error: 'netDays must be a number' })
      .refine(
        (v) => (NET_DAYS as readonly number[]).includes(v),
        `netDays must be one of ${NET_DAYS.join(', ')}`,
      )
      .nullish(),
    creditLimit: money('Credit limit', 0).default(0),
  })
  .refine((b) => b.terms === 'prepay' || b.netDays != null, {
    message: 'netDays is required for net terms',
    path: ['netDays'],
  });
export type SetTermsBody = z.infer<typeof SetTermsBodySchema>;

export const ReasonBodySchema = z.object({ reason: requiredText('Reason', 500) });
export type ReasonBody = z.infer<typeof ReasonBodySchema>;

export const AsQuerySchema = z.object({
  as: z.enum(['buyer', 'supplier'], { error: 'as must be buyer or supplier' }),
});

export const AccountHistoryEntrySchema = z.object({
  action: z.string(),
  by: z.enum(['buyer', 'supplier', 'system']),
  reason: z.string().nullable(),
  at: z.string(),
});

/** Open invoice balances by days since issue: up to 30 (current), 31 to 60, 61 to 90, over 90. */
export const AGING_BUCKETS = ['current', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AgingSchema = z.object(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.number()])) as Record<AgingBucket, z.ZodNumber>,
);
export type Aging = z.infer<typeof AgingSchema>;

export const TradeAccountSchema = z.object({
  _id: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  terms: z.enum(PAYMENT_TERMS),
  netDays: z.number().int().nullable(),
  creditLimit: z.number(),
  outstanding: z.number(),
  /** Credit left on net terms (limit - outstanding, never below 0); null on prepay. */
  available: z.number().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  companyName: z.string().nullable(),
  taxId: z.string().nullable(),
  billingAddress: z.string().nullable(),
  note: z.string().nullable(),
  /** Open invoice balances by days past the issue date. */
  aging: AgingSchema,
  history: z.array(AccountHistoryEntrySchema),
});
export type TradeAccount = z.infer<typeof TradeAccountSchema>;
export const TradeAccountListSchema = z.array(TradeAccountSchema);

/**
 * The seller as it was when a document was issued: the display name and email, and the business details
 * the supplier set in Settings (null when not set then).
 */
export const SellerSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  ...BusinessDetailsSchema.shape,
});
export type SellerSnapshot = z.infer<typeof SellerSnapshotSchema>;

export const InvoiceSnapshotSchema = z.object({
  number: z.string(),
  seller: SellerSnapshotSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
    billingAddress: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  line: z.object({
    productId: z.string().nullable(),
    name: z.string(),
    sku: z.string().nullable(),
    ...pricedLineFields,
  }),
  total: z.number(),
  terms: z.enum(PAYMENT_TERMS),
  netDays: z.number().int().nullable(),
  issuedOn: z.string(),
  dueOn: z.string(),
  poNumber: z.string().nullable(),
  orderId: z.string(),
});
export type InvoiceSnapshot = z.infer<typeof InvoiceSnapshotSchema>;

export const PaymentSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  paidOn: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
});

export const InvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  orderId: z.string(),
  accountId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total: z.number(),
  paid: z.number(),
  credited: z.number(),
  balance: z.number(),
  issuedOn: z.string(),
  dueOn: z.string(),
  snapshot: InvoiceSnapshotSchema,
  creditNote: z
    .object({
      number: z.string(),
      amount: z.number(),
      issuedOn: z.string(),
      /** The seller's details as they were when the credit note was issued. */
      seller: SellerSnapshotSchema,
    })
    .nullable(),
  payments: z.array(PaymentSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const INVOICE_PAGE_DEFAULT_LIMIT = 20;
export const INVOICE_PAGE_MAX_LIMIT = 100;

export const InvoiceListQuerySchema = AsQuerySchema.extend(
  statusPageFields(INVOICE_STATUSES, INVOICE_PAGE_MAX_LIMIT),
);
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export const InvoicePageSchema = z.object({
  items: z.array(InvoiceSchema),
  nextCursor: z.string().nullable(),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const PaymentBodySchema = z.object({
  amount: money('Amount', 0.01),
  paidOn: isoDate('Paid on'),
  method: requiredText('Method', 50),
  reference: optionalText('Reference', 200),
});
export type PaymentBody = z.infer<typeof PaymentBodySchema>;

export const RemittanceBodySchema = z.object({
  amount: money('Amount', 0.01),
  reference: requiredText('Reference', 200),
});
export type RemittanceBody = z.infer<typeof RemittanceBodySchema>;
export const RemittanceResultSchema = z.object({ received: z.literal(true) });

export const TRADE_MESSAGES = {
  creditLimit: (available: number) =>
    `This order would exceed your credit limit with this supplier. Available credit: ${formatUsd(available)}`,
  onHold: 'Your account with this supplier is on hold. Please contact the supplier or pay overdue invoices.',
  overPayment: (balance: number) => `The payment is more than the balance due (${formatUsd(balance)})`,
  supplierUnknown: 'Supplier not found',
  ownAccount: 'You cannot ask yourself for terms',
  paymentKeyReused: 'This Idempotency-Key was already used for a different payment',
} as const;
