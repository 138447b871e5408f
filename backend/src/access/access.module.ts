import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { AccessRecordsService } from './access-records.service';
import { CaptionsFileController } from './captions-file.controller';
import { CourseOwnerGuard } from './course-owner.guard';
import { CoursePlayerController } from './course-player.controller';
import { CoursePlayerService } from './course-player.service';
import { Grant } from './entities/grant.entity';
import { Progress } from './entities/progress.entity';
import { GrantPeriodsService } from './grant-periods.service';
import { GrantsService } from './grants.service';
import { ProgressController } from './progress.controller';
import { ProgressService } from './progress.service';
import { SearchController } from './search/search.controller';
import { SearchService } from './search/search.service';
import { StarterMergeController } from './starter-merge.controller';
import { WatchableModulesService } from './watchable-modules.service';

/** Who may watch what: course grants, the player's content gate and each student's progress. */
@Module({
  imports: [TypeOrmModule.forFeature([Grant, Progress]), CatalogModule, IdentityModule],
  controllers: [CoursePlayerController, ProgressController, StarterMergeController, CaptionsFileController, SearchController],
  providers: [
    GrantsService,
    GrantPeriodsService,
    CoursePlayerService,
    ProgressService,
    CourseOwnerGuard,
    AccessRecordsService,
    WatchableModulesService,
    SearchService,
  ],
  exports: [GrantsService, GrantPeriodsService, ProgressService, CourseOwnerGuard, AccessRecordsService],
})
export class AccessModule {}
