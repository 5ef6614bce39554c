import { QUOTE_MESSAGES, toCents, type QuoteCounterBody, type QuoteRequestBody } from '@bulkwise/contracts';
import type { QuoteRequestLine, QuoteRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import type { QuotesRepository } from './quotes.repository';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * What the schema cannot know: every product exists, none is the buyer's own, all are of one supplier
 * (who follows from the products), and the date is not in the past by the server's clock.
 */
export async function validateRequest(
  repository: Pick<QuotesRepository, 'productsOf'>,
  user: AuthUser,
  body: QuoteRequestBody,
  now: Date,
) {
  if (body.neededBy < now.toISOString().slice(0, 10)) throw invalid('neededBy', QUOTE_MESSAGES.neededByPast);
  const found = new Map(
    (await repository.productsOf(body.lines.map((l) => l.productId))).map((p) => [p.id, p]),
  );
  const first = found.get(body.lines[0]!.productId);
  const lines: QuoteRequestLine[] = body.lines.map((line, i) => {
    const product = found.get(line.productId);
    if (!product) throw invalid(`lines.${i}.productId`, QUOTE_MESSAGES.unknownProduct);
    if (product.ownerUid === user.uid) throw invalid(`lines.${i}.productId`, QUOTE_MESSAGES.ownProduct);
    if (product.ownerUid !== first!.ownerUid)
      throw invalid(`lines.${i}.productId`, QUOTE_MESSAGES.otherSupplier);
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      quantity: line.quantity,
      targetUnitPriceCents: line.targetUnitPrice === undefined ? null : toCents(line.targetUnitPrice),
    };
  });
  return { supplier: { uid: first!.ownerUid, email: first!.userEmail, name: first!.userName }, lines };
}

/** An offer or counter prices every line of the request and no other product. */
export function validateOffer(row: QuoteRow, lines: QuoteCounterBody['lines']): void {
  const requested = new Set(row.lines.map((l) => l.productId));
  lines.forEach((line, i) => {
    if (!requested.has(line.productId)) throw invalid(`lines.${i}.productId`, QUOTE_MESSAGES.linesMustMatch);
  });
  if (lines.length !== requested.size) throw invalid('lines', QUOTE_MESSAGES.linesMustMatch);
}
