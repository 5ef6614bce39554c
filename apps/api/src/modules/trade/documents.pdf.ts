import { formatUsd, type Invoice, type InvoiceSnapshot, type SellerSnapshot } from '@bulkwise/contracts';
import PDFDocument from 'pdfkit';

/** Renders with pdfkit's built-in Helvetica (no font files to ship); dates fixed so bytes depend on input only. */
function render(title: string, at: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: title,
      Producer: 'Bulkwise',
      Creator: 'Bulkwise',
      CreationDate: new Date(`${at}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

const lines = (doc: PDFKit.PDFDocument, rows: Array<string | null | undefined>) => {
  for (const r of rows) if (r) doc.text(r);
};

/** The seller block: the business details it was issued with, then the contact. */
const sellerLines = (s: SellerSnapshot) => [
  s.legalName,
  s.name,
  s.email,
  s.billingAddress,
  s.taxId ? `Tax id: ${s.taxId}` : null,
];

const sameSeller = (a: SellerSnapshot, b: SellerSnapshot) =>
  sellerLines(a).join('\n') === sellerLines(b).join('\n');

/** The invoice PDF, from the snapshots only: the same snapshots always give the same text. */
export function invoicePdf(s: InvoiceSnapshot, creditNote?: Invoice['creditNote']) {
  return render(`Invoice ${s.number}`, s.issuedOn, (doc) => {
    doc.fontSize(20).text(`Invoice ${s.number}`);
    doc.moveDown(0.5).fontSize(10);
    lines(doc, [
      `Issued: ${s.issuedOn}`,
      `Due: ${s.dueOn}`,
      `Terms: ${s.terms === 'net' ? `Net ${s.netDays} days` : 'Prepay'}`,
    ]);
    if (s.poNumber) doc.text(`PO number: ${s.poNumber}`);
    doc.text(`Order: ${s.orderId}`);
    doc.moveDown().fontSize(12).text('Seller').fontSize(10);
    lines(doc, sellerLines(s.seller));
    doc.moveDown().fontSize(12).text('Bill to').fontSize(10);
    lines(doc, [
      s.buyer.companyName,
      s.buyer.name,
      s.buyer.email,
      s.buyer.billingAddress,
      s.buyer.taxId ? `Tax id: ${s.buyer.taxId}` : null,
    ]);
    doc.moveDown().fontSize(12).text('Line').fontSize(10);
    doc.text(`${s.line.name}${s.line.sku ? ` (SKU ${s.line.sku})` : ''}`);
    doc.text(
      `Quantity: ${s.line.quantity}   Unit price: ${formatUsd(s.line.unitPrice)}   Amount: ${formatUsd(s.line.total)}`,
    );
    doc
      .moveDown()
      .fontSize(14)
      .text(`Total: ${formatUsd(s.total)}`);
    if (creditNote) {
      doc
        .moveDown()
        .fontSize(10)
        .text(
          `Credit note ${creditNote.number} issued ${creditNote.issuedOn}: ${formatUsd(-creditNote.amount)} (void)`,
        );
      // A credit note issued after the seller changed its details shows those it was issued with.
      if (!sameSeller(creditNote.seller, s.seller))
        lines(doc, ['Issued by:', ...sellerLines(creditNote.seller)]);
    }
  });
}

export interface StatementItem {
  number: string;
  issuedOn: string;
  dueOn: string;
  total: number;
  balance: number;
  ageDays: number;
}

export function statementPdf(
  head: { seller: string; buyer: string; on: string },
  items: StatementItem[],
  aging: Array<[string, number]>,
) {
  return render(`Statement ${head.seller} / ${head.buyer}`, head.on, (doc) => {
    doc.fontSize(18).text('Statement of account');
    doc.fontSize(10).text(`${head.seller} to ${head.buyer}, as of ${head.on}`).moveDown();
    if (items.length === 0) doc.text('No open items.');
    for (const i of items) {
      doc.text(
        `${i.number}  issued ${i.issuedOn}  due ${i.dueOn}  total ${formatUsd(i.total)}  open ${formatUsd(i.balance)}  ${i.ageDays} days`,
      );
    }
    doc.moveDown().fontSize(12).text('Aging').fontSize(10);
    for (const [label, amount] of aging) doc.text(`${label}: ${formatUsd(amount)}`);
  });
}
