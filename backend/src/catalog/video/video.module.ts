import { Module } from '@nestjs/common';
import { AuditModule } from '../../platform/audit/audit.module';
import { CatalogModule } from '../catalog.module';
import { muxProvider, MUX_CLIENT } from './mux.provider';
import { MuxWebhookController } from './mux-webhook.controller';
import { MuxCaptionsService } from './mux-captions.service';
import { MuxWebhookService } from './mux-webhook.service';
import { VideoUploadsService } from './video-uploads.service';

/**
 * Mux for paid video: direct uploads from the admin panel and the webhook that marks them ready.
 * Signed playback (PlaybackTokensService) is part of the catalogue, which the player reads.
 */
@Module({
  imports: [CatalogModule, AuditModule],
  controllers: [MuxWebhookController],
  providers: [muxProvider, VideoUploadsService, MuxWebhookService, MuxCaptionsService],
  exports: [VideoUploadsService, MUX_CLIENT],
})
export class VideoModule {}
