import { Global, Module } from '@nestjs/common';
import { LeadsController } from './leads.controller';
import { LeadsRoute } from './leads.route';
import { LeadsService } from './leads.service';

@Global()
@Module({
  controllers: [LeadsController],
  providers: [LeadsService, LeadsRoute],
  exports: [LeadsService],
})
export class LeadsModule {}
