import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG, type OrderReceiptResponse, type ReceiptBuyer } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { notFound } from '../../platform/errors/app-error';
import type { Receipt } from '../entities/receipt.entity';
import { documentFileName, receiptPdf } from './receipt-pdf';
import { ReceiptsService } from './receipts.service';

/** A positive id in the database's int range, else the same 404 as an unknown order. */
function parseId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound(MSG.receiptNotFound);
  return Number(value);
}

/**
 * The buyer's receipt and credit notes, as JSON for the receipt page (/kvittering/:orderId) and as
 * PDF downloads. Only the order's own account and admins see them; anyone else (signed in) gets the
 * same 404 as for an order that does not exist.
 */
@Controller('api/orders/:orderId')
@SignedIn()
export class ReceiptsController {
  constructor(
    private readonly receipts: ReceiptsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get('receipt')
  receipt(
    @CurrentUser() user: User,
    @Param('orderId') orderId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderReceiptResponse> {
    reply.header('cache-control', 'private, no-store');
    return this.receipts.responseFor(user, parseId(orderId));
  }

  @Get('receipt.pdf')
  async receiptPdf(
    @CurrentUser() user: User,
    @Param('orderId') orderId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { receipt, buyer } = await this.receipts.forViewer(user, parseId(orderId));
    return this.sendPdf(reply, receipt, buyer);
  }

  @Get('credit-notes/:number/pdf')
  async creditNotePdf(
    @CurrentUser() user: User,
    @Param('orderId') orderId: string,
    @Param('number') number: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { creditNotes, buyer } = await this.receipts.forViewer(user, parseId(orderId));
    const note = creditNotes.find((c) => c.number === parseId(number));
    if (!note) throw notFound(MSG.receiptNotFound);
    return this.sendPdf(reply, note, buyer);
  }

  private async sendPdf(reply: FastifyReply, doc: Receipt, buyer: ReceiptBuyer): Promise<Buffer> {
    const pdf = await receiptPdf(doc, this.cfg.siteName, { buyer });
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${documentFileName(doc)}"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  }
}
