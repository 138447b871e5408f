import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityModule } from '../platform/security/security.module';
import { LeadAddress } from './entities/lead-address.entity';
import { Lead } from './entities/lead.entity';
import { LeadStatisticsListeners } from './lead-statistics.listeners';
import { LeadStatisticsService } from './lead-statistics.service';
import { LeadStatisticsTask } from './lead-statistics.task';
import { LeadsController } from './leads.controller';
import { LeadsRoute } from './leads.route';
import { LeadsListeners } from './leads.listeners';
import { LeadsService } from './leads.service';

/** E-mail addresses left on the pages' forms, with the first touch that brought them, and the dashboard's counts of them. */
@Module({
  imports: [TypeOrmModule.forFeature([Lead, LeadAddress]), SecurityModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadsRoute, LeadsListeners, LeadStatisticsService, LeadStatisticsListeners, LeadStatisticsTask],
  exports: [LeadsService, LeadStatisticsService],
})
export class LeadsModule {}
