import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CAPTIONS_MAX_BYTES, type AdminCaptions } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { RoutePolicy } from '../../platform/security/route-policy';
import { AdminCaptionsService } from './admin-captions.service';
import { PutCaptionsDto } from './put-captions.dto';

/** A module's captions in the panel ("Teksting"). */
@Controller('api/admin/modules/:id/captions')
@AdminOnly()
export class AdminCaptionsController {
  constructor(private readonly captions: AdminCaptionsService) {}

  @Get()
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminCaptions> {
    return this.captions.get(id);
  }

  /** A file of up to 2 MB inside JSON: the route's body may be larger than the server's default. */
  @Put()
  @RecentSignIn()
  @RoutePolicy({ bodyLimit: Math.ceil(CAPTIONS_MAX_BYTES * 1.5) })
  put(@Param('id', ParseIdPipe) id: number, @Body() dto: PutCaptionsDto, @CurrentUser() actor: User): Promise<AdminCaptions> {
    return this.captions.put(id, dto.vtt, dto.approved, actor);
  }
}
