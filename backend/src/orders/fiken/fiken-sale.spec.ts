import type { Receipt } from '../entities/receipt.entity';
import { fikenSaleOf } from './fiken-sale';

const CFG = {
  paymentAccounts: { card: '1920:10001', klarna: '1920:10002', vipps: '1920:10003' },
  revenueAccounts: { standard: '3000', exempt: '3100' },
};

function doc(over: Partial<Receipt> = {}): Receipt {
  return {
    number: 17,
    kind: 'receipt',
    refersToNumber: null,
    issuedAt: new Date('2026-11-30T23:30:00Z'),
    description: 'Nettkurs «Grunnkurs», ordre 5',
    vatLines: [{ treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 80000, vatOre: 20000, totalOre: 100000 }],
    amountExclVatOre: 80000,
    vatOre: 20000,
    vatRatePercent: 25,
    totalOre: 100000,
    currency: 'NOK',
    ...over,
  } as Receipt;
}

describe('fikenSaleOf', () => {
  it('a receipt: a paid cash sale on the Oslo date, HIGH on the standard account, Stripe fee as paymentFee', () => {
    expect(fikenSaleOf(doc(), { paymentMethod: 'card', stripeFeeOre: '2400' }, CFG)).toEqual({
      date: '2026-12-01',
      kind: 'cash_sale',
      paid: true,
      saleNumber: '17',
      currency: 'NOK',
      lines: [{ description: 'Nettkurs «Grunnkurs», ordre 5', netPrice: 80000, vat: 20000, account: '3000', vatType: 'HIGH' }],
      totalPaid: 100000,
      paymentAccount: '1920:10001',
      paymentFee: 2400,
    });
  });

  it('split lines: OUTSIDE on the exempt account beside HIGH; no fee known, none sent; Vipps account', () => {
    const sale = fikenSaleOf(
      doc({
        vatLines: [
          { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 40000, vatOre: 10000, totalOre: 50000 },
          { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 50000, vatOre: 0, totalOre: 50000 },
        ],
      }),
      { paymentMethod: 'vipps', stripeFeeOre: null },
      CFG,
    );
    expect(sale.lines.map((l) => [l.netPrice, l.vat, l.vatType, l.account])).toEqual([
      [40000, 10000, 'HIGH', '3000'],
      [50000, 0, 'OUTSIDE', '3100'],
    ]);
    expect(sale.paymentAccount).toBe('1920:10003');
    expect(sale).not.toHaveProperty('paymentFee');
  });

  it('not registered: NONE on the standard revenue account', () => {
    const sale = fikenSaleOf(
      doc({
        vatLines: [{ treatment: 'not_registered', vatRatePercent: 0, amountExclVatOre: 100000, vatOre: 0, totalOre: 100000 }],
      }),
      { paymentMethod: 'klarna', stripeFeeOre: null },
      CFG,
    );
    expect(sale.lines).toEqual([expect.objectContaining({ netPrice: 100000, vat: 0, vatType: 'NONE', account: '3000' })]);
    expect(sale.paymentAccount).toBe('1920:10002');
  });

  it('a credit note: its own cash sale, negative amounts, the same payment account, no fee, text naming the receipt', () => {
    const sale = fikenSaleOf(
      doc({ kind: 'credit_note', number: 18, refersToNumber: 17, description: 'x'.repeat(300) }),
      { paymentMethod: 'card', stripeFeeOre: 2400 },
      CFG,
    );
    expect(sale.saleNumber).toBe('18');
    expect(sale.totalPaid).toBe(-100000);
    expect(sale.lines[0]).toEqual(expect.objectContaining({ netPrice: -80000, vat: -20000, vatType: 'HIGH' }));
    expect(sale.lines[0].description).toMatch(/^Kreditnota 18 til kvittering 17: x+$/);
    expect(sale.lines[0].description).toHaveLength(200);
    expect(sale.paymentAccount).toBe('1920:10001');
    expect(sale).not.toHaveProperty('paymentFee');
  });
});
