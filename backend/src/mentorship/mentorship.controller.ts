import { Controller, Get, Header } from '@nestjs/common';
import type { MentorshipResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { MentorshipService } from './mentorship.service';

/** The signed-in student's mentorship periods, and how to book or reach the mentor. */
@Controller('api/mentorship')
@SignedIn()
export class MentorshipController {
  constructor(private readonly mentorship: MentorshipService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: User): Promise<MentorshipResponse> {
    return this.mentorship.forStudent(user);
  }
}
