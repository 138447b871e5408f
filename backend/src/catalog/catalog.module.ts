import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaptionsService } from './captions/captions.service';
import { CatalogContentService } from './catalog-content.service';
import { CatalogSeedService } from './catalog-seed.service';
import { CatalogController } from './catalog.controller';
import { CatalogRoute } from './catalog.route';
import { CatalogService } from './catalog.service';
import { CoursesService } from './courses.service';
import { CaptionCue } from './entities/caption-cue.entity';
import { CaptionFile } from './entities/caption-file.entity';
import { CourseModule } from './entities/course-module.entity';
import { ModuleCaptions } from './entities/module-captions.entity';
import { Course } from './entities/course.entity';
import { LaunchPriceEnd, LaunchSeat } from './entities/launch-seat.entity';
import { Setting } from './entities/setting.entity';
import { LaunchSeatsService } from './launch-seats.service';
import { SiteSettingsService } from './site-settings.service';
import { PlaybackTokensService } from './video/playback-tokens.service';

/** What the academy sells and teaches: the catalogue, course texts and modules, and site settings. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Course,
      CourseModule,
      Setting,
      LaunchSeat,
      LaunchPriceEnd,
      ModuleCaptions,
      CaptionCue,
      CaptionFile,
    ]),
  ],
  controllers: [CatalogController],
  providers: [
    CatalogSeedService,
    CatalogService,
    SiteSettingsService,
    CoursesService,
    CatalogContentService,
    CatalogRoute,
    LaunchSeatsService,
    PlaybackTokensService,
    CaptionsService,
  ],
  exports: [
    CatalogService,
    SiteSettingsService,
    CoursesService,
    CatalogContentService,
    LaunchSeatsService,
    PlaybackTokensService,
    CaptionsService,
  ],
})
export class CatalogModule {}
