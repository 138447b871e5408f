import { DataSource } from 'typeorm';
import { PLAYER_COURSE_IDS } from '@academy/contracts';
import { CATALOG_SEED, MODULE_SEED } from './catalog.data';
import { Course } from './entities/course.entity';
import { CourseModule } from './entities/course-module.entity';
import { Setting } from './entities/setting.entity';

export const SETTING_OVERLAY_TEXT = 'videoOverlayText';
/** Norwegian and without a date that can pass (docs/decisions.md "Course content"); the mentor edits it in the panel. */
export const DEFAULT_OVERLAY_TEXT = 'Videoen kommer snart';
/** The mentor's booking link for mentorship students (a settings row; absent: the contact mailbox). */
export const SETTING_MENTOR_BOOKING_URL = 'mentorBookingUrl';
/** From how many students the pages show the count (a settings row; absent: DEFAULT_STUDENT_COUNT_THRESHOLD). */
export const SETTING_STUDENT_COUNT_THRESHOLD = 'studentCountThreshold';
/** Months of mentorship a new course's grant carries: Accelerator promises three. */
export const MENTORSHIP_MONTHS_SEED: Partial<Record<string, number>> = { accelerator: 3 };

/** The catalogue's rows (courses, their modules, site settings). Idempotent: creates what is missing, never overwrites what the mentor has edited. */
export async function seedCatalog(ds: DataSource): Promise<void> {
  const now = new Date();
  const courses = ds.getRepository(Course);
  const modules = ds.getRepository(CourseModule);
  for (const [i, id] of PLAYER_COURSE_IDS.entries()) {
    const item = CATALOG_SEED.find((c) => c.id === id)!;
    if (!(await courses.existsBy({ id }))) {
      await courses.insert({
        id,
        title: item.title,
        description: item.description,
        sortOrder: i,
        published: true,
        mentorshipMonths: MENTORSHIP_MONTHS_SEED[id] ?? 0,
        updatedAt: now,
      });
      const seedModules = MODULE_SEED[id];
      if ((await modules.countBy({ courseId: id })) === 0) {
        await modules.insert(
          seedModules.map((m, position) => ({
            courseId: id,
            position,
            title: m.title,
            description: m.description,
            durationMinutes: m.durationMinutes,
            videoId: null,
            topics: m.topics,
            published: true,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
    }
  }

  const settings = ds.getRepository(Setting);
  if (!(await settings.existsBy({ key: SETTING_OVERLAY_TEXT }))) {
    await settings.insert({ key: SETTING_OVERLAY_TEXT, value: DEFAULT_OVERLAY_TEXT, updatedAt: now });
  }
}
