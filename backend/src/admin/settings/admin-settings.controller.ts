import { Body, Controller, Get, Put } from '@nestjs/common';
import type { AdminSettings } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { UpdateSettingsDto } from '../content/dto/admin-content.dto';
import { AdminSettingsService } from './admin-settings.service';

/** The site settings the mentor edits: the text on videos that are not out yet. */
@Controller('api/admin/settings')
@AdminOnly()
export class AdminSettingsController {
  constructor(private readonly settings: AdminSettingsService) {}

  @Get()
  get(): Promise<AdminSettings> {
    return this.settings.getSettings();
  }

  @Put()
  put(@Body() dto: UpdateSettingsDto, @CurrentUser() actor: User): Promise<AdminSettings> {
    return this.settings.updateSettings(dto.videoOverlayText, actor, dto.mentorBookingUrl, dto.studentCountThreshold);
  }
}
