import { Global, Module } from '@nestjs/common';
import { STUDENT_COUNT, type StudentCount } from '../catalog/student-count';
import { AccessModule } from './access.module';
import { AccessRecordsService } from './access-records.service';

/**
 * What access provides to the modules below it, which declare what they need: the catalogue's
 * student count (catalog/student-count.ts). A dependency in the right direction, wired by Nest.
 */
@Global()
@Module({
  imports: [AccessModule],
  providers: [
    {
      provide: STUDENT_COUNT,
      inject: [AccessRecordsService],
      useFactory: (records: AccessRecordsService): StudentCount => ({ count: () => records.countPaidStudents() }),
    },
  ],
  exports: [STUDENT_COUNT],
})
export class AccessPortsModule {}
