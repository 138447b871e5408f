import { Module } from '@nestjs/common';
import { ProgressController } from './progress.controller';
import { ProgressService } from './progress.service';
import { StarterMergeController } from './starter-merge.controller';

@Module({
  controllers: [ProgressController, StarterMergeController],
  providers: [ProgressService],
  exports: [ProgressService],
})
export class ProgressModule {}
