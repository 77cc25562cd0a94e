import { FAR_FROM_ADDRESS_M, type OutcomeView } from '@cargo/shared';
import { loadOnce } from '../../lib/load-once.ts';

const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);

export interface ReceiptInput {
  companyName: string;
  trackingNumber: string;
  customerName: string;
  deliveryAddress: string;
  status: string;
  /** Every outcome, oldest first, in the full view. */
  outcomes: OutcomeView[];
  /** The closing outcome's files, read from the store. */
  photo: Buffer | null;
  signature: Buffer | null;
  /** The package's money (issue 32), already formatted by the currency: null when nothing was ever owed. */
  money?: ReceiptMoney | null;
  generatedAt: Date;
}

export interface ReceiptMoney {
  amountDue: string;
  /** Each payment, refund, correction and release, oldest first, in words. */
  entries: Array<{ at: string; text: string }>;
  paid: string;
  balance: string;
  released: boolean;
}

/**
 * The proof-of-delivery receipt (issue 18): tracking number, outcome, recipient, time, position with its distance from
 * the address, the photo and the signature, and the attempts before it. Built with PDFKit's standard fonts (no font
 * files to ship).
 */
export async function buildReceiptPdf(input: ReceiptInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Proof of delivery ${input.trackingNumber}`, Author: input.companyName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text(`${input.companyName}: proof of delivery`);
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(11);
    line(doc, 'Tracking number', input.trackingNumber);
    line(doc, 'Customer', input.customerName);
    line(doc, 'Delivery address', input.deliveryAddress);
    line(doc, 'Status', input.status);
    const last = input.outcomes.at(-1);
    if (!last) {
      doc.moveDown().text('No delivery outcome has been recorded for this package.');
    } else {
      doc.moveDown().font('Helvetica-Bold').fontSize(13).text(last.label).font('Helvetica').fontSize(11);
      line(doc, 'Time (device)', formatTime(last.at));
      if (last.full?.recipientName) line(doc, 'Recipient', last.full.recipientName);
      if (last.leftAtLabel) line(doc, 'Left at', last.full?.neighbourName ? `${last.leftAtLabel}: ${last.full.neighbourName}` : last.leftAtLabel);
      if (last.reasonLabel) line(doc, 'Reason', last.reasonLabel);
      if (last.full?.driverName) line(doc, 'Driver', last.full.driverName);
      if (last.full?.note) line(doc, 'Note', last.full.note);
      const position = last.full?.position;
      line(
        doc,
        'Position',
        position ? `${position.lat.toFixed(6)}, ${position.lng.toFixed(6)}${position.accuracy != null ? ` (±${Math.round(position.accuracy)} m)` : ''}` : 'Not known',
      );
      if (last.full?.distanceM != null) {
        const far = last.full.distanceM > FAR_FROM_ADDRESS_M;
        line(doc, 'From the address', `${formatDistance(last.full.distanceM)}${far ? ' (over 200 m: check with the driver)' : ''}`);
      }
      const top = doc.y + 12;
      if (input.photo) {
        doc.font('Helvetica-Bold').text('Photo', 48, top);
        doc.image(input.photo, 48, top + 16, { fit: [300, 300] });
      }
      if (input.signature) {
        const x = input.photo ? 370 : 48;
        doc.font('Helvetica-Bold').text('Signature', x, top);
        doc.image(input.signature, x, top + 16, { fit: [180, 90] });
      }
      if (input.photo || input.signature) doc.y = top + (input.photo ? 330 : 120);
      doc.x = 48;
      const earlier = input.outcomes.slice(0, -1);
      if (earlier.length) {
        doc.moveDown().font('Helvetica-Bold').text('Earlier attempts').font('Helvetica');
        for (const o of earlier) doc.text(`${formatTime(o.at)}: ${o.label}${o.reasonLabel ? `, ${o.reasonLabel}` : ''}${o.full?.driverName ? ` (${o.full.driverName})` : ''}`);
      }
    }
    if (input.money) {
      doc.x = 48;
      doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Payment').font('Helvetica').fontSize(11);
      line(doc, 'Amount due', input.money.amountDue);
      for (const e of input.money.entries) doc.text(`${formatTime(e.at)}: ${e.text}`);
      line(doc, 'Paid', input.money.paid);
      line(doc, 'Balance', `${input.money.balance}${input.money.released ? ' (released without payment by dispatch)' : ''}`);
    }
    doc.moveDown(2).fontSize(9).fillColor('#555555').text(`Generated ${input.generatedAt.toISOString()}`, 48);
    doc.end();
  });
}

function line(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

export function formatDistance(m: number): string {
  return m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`;
}
