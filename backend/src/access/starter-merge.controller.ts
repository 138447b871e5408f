import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { ProgressResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { MergeStarterProgressDto } from './dto/merge-starter-progress.dto';
import { ProgressService } from './progress.service';

/** Starter progress a visitor kept in the browser, merged into the account at the first sign-in. */
@Controller('api/progress/starter')
export class StarterMergeController {
  constructor(private readonly progress: ProgressService) {}

  @Post('merge')
  @HttpCode(200)
  @SignedIn()
  merge(@CurrentUser() user: User, @Body() dto: MergeStarterProgressDto): Promise<ProgressResponse> {
    return this.progress.mergeStarter(user, dto.completedModules, dto.currentModule);
  }
}
