import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityModule } from '../platform/security/security.module';
import { Lead } from './entities/lead.entity';
import { LeadsController } from './leads.controller';
import { LeadsRoute } from './leads.route';
import { LeadsListeners } from './leads.listeners';
import { LeadsService } from './leads.service';

/** E-mail addresses left on the pages' forms, with the first touch that brought them. */
@Module({
  imports: [TypeOrmModule.forFeature([Lead]), SecurityModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadsRoute, LeadsListeners],
  exports: [LeadsService],
})
export class LeadsModule {}
