import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { CatalogService } from '../../backend/src/catalog/catalog.service';
import { SiteSettingsService } from '../../backend/src/catalog/site-settings.service';
import { CoursesService } from '../../backend/src/catalog/courses.service';
import { Course } from '../../backend/src/catalog/entities/course.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { createUser, loginAs, startTestApp, TestApp } from './support/test-app';

describe('GET /api/courses/:courseId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const modules = () => t.ds.getRepository(CourseModule);
  const courses = () => t.ds.getRepository(Course);
  const invalidate = () => t.app.get(CoursesService).invalidate();

  it('starter is open to anyone: the four seeded modules in order, the overlay text, no video yet', async () => {
    const res = await t.http().get('/api/courses/starter').expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toMatchObject({ id: 'starter', title: 'Starter', overlayText: 'Videoen kommer snart' });
    expect(res.body.modules.map((m: { title: string }) => m.title)).toEqual([
      'Trading er ikke gambling',
      'Oppsett av TradingView',
      'Markedsstruktur',
      'Bygg en ferdighet',
    ]);
    expect(res.body.modules.map((m: { durationMinutes: number }) => m.durationMinutes)).toEqual([8, 12, 15, 8]);
    for (const m of res.body.modules) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'captionsUrl',
          'description',
          'durationMinutes',
          'hasTranscript',
          'hasVideo',
          'id',
          'locked',
          'position',
          'releaseAt',
          'title',
          'topics',
          'video',
          'videoId',
        ].sort(),
      );
      expect(m.topics.length).toBeGreaterThan(0);
      expect(m).toMatchObject({ videoId: null, hasVideo: false, video: null, captionsUrl: null, hasTranscript: false });
    }
  });

  it('an unknown course id answers 404 "Kurs ikke funnet" to anyone', async () => {
    for (const id of ['nope', 'vip', 'STARTER', '1']) {
      const res = await t.http().get(`/api/courses/${id}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Kurs ikke funnet' });
    }
    const { agent } = await loginAs(t, { role: 'admin' });
    await agent.get('/api/courses/nope').expect(404);
  });

  it('a paid course: anonymous 401, not owned 403 (and no video id), owner and admin 200', async () => {
    const foundation = await modules().find({ where: { courseId: 'foundation' }, order: { position: 'ASC' } });
    await modules().update({ id: foundation[0].id }, { videoId: 'dQw4w9WgXcQ' });
    invalidate();

    const anon = await t.http().get('/api/courses/foundation').expect(401);
    expect(anon.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect(JSON.stringify(anon.body)).not.toContain('dQw4w9WgXcQ');

    // Accelerator includes Foundation, so the stranger owns another course.
    const stranger = await loginAs(t, { courses: ['kryptovaluta'] });
    const denied = await stranger.agent.get('/api/courses/foundation').expect(403);
    expect(denied.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(JSON.stringify(denied.body)).not.toContain('dQw4w9WgXcQ');
    await stranger.agent.get('/api/courses/kryptovaluta').expect(200);
    await stranger.agent.get('/api/courses/accelerator').expect(403);

    const owner = await loginAs(t, { courses: ['foundation'] });
    const ok = await owner.agent.get('/api/courses/foundation').expect(200);
    expect(ok.body.modules).toHaveLength(8);
    expect(ok.body.modules[0]).toMatchObject({
      title: 'Markedsstruktur i flere tidsrammer',
      videoId: 'dQw4w9WgXcQ',
      hasVideo: true,
    });
    expect(ok.body.modules[1]).toMatchObject({ title: 'Ranges: når markedet går sidelengs', videoId: null, hasVideo: false });

    const admin = await loginAs(t, { role: 'admin' });
    for (const id of ['starter', 'foundation', 'accelerator', 'kryptovaluta'])
      await admin.agent.get(`/api/courses/${id}`).expect(200);
  });

  it('a revoked grant no longer opens the course', async () => {
    const { agent, user } = await loginAs(t, { courses: ['kryptovaluta'] });
    await agent.get('/api/courses/kryptovaluta').expect(200);
    await t.ds.getRepository(Grant).update({ userId: user.id, courseId: 'kryptovaluta' }, { revokedAt: new Date() });
    await agent.get('/api/courses/kryptovaluta').expect(403);
  });

  it('modules come in position order; unpublished ones are left out; edits show at once after invalidate()', async () => {
    const owner = await loginAs(t, { courses: ['accelerator'] });
    const now = new Date();
    const extra = await modules().save(
      modules().create({
        courseId: 'accelerator',
        position: -1,
        title: 'Intro først',
        description: 'Kommer før alt annet',
        durationMinutes: 3,
        videoId: null,
        topics: ['A'],
        published: true,
        createdAt: now,
        updatedAt: now,
      }),
    );
    // The catalogue's invalidate() (what the admin calls after editing modules) also drops the course cache.
    t.app.get(CatalogService).invalidate();
    let res = await owner.agent.get('/api/courses/accelerator').expect(200);
    const titles = (r: typeof res) => r.body.modules.map((m: { title: string }) => m.title) as string[];
    expect(titles(res)).toHaveLength(13);
    expect(titles(res).slice(0, 2)).toEqual(['Intro først', 'Velkommen til Accelerator']);

    await modules().update({ id: extra.id }, { published: false });
    await modules().update({ courseId: 'accelerator', title: 'Velkommen til Accelerator' }, { title: 'Start her' });
    invalidate();
    res = await owner.agent.get('/api/courses/accelerator').expect(200);
    expect(titles(res)).toHaveLength(12);
    expect(titles(res)[0]).toBe('Start her');
  });

  it('the overlay text follows the site setting', async () => {
    await t.app.get(SiteSettingsService).setOverlayText('Video kommer snart');
    const res = await t.http().get('/api/courses/starter').expect(200);
    expect(res.body.overlayText).toBe('Video kommer snart');
    await t.app.get(SiteSettingsService).setOverlayText('Videoen kommer snart');
  });

  it('a course that is gone (unpublished or removed) answers 404 to its owner; an admin still sees an unpublished one', async () => {
    const owner = await loginAs(t, { courses: ['kryptovaluta'] });
    const admin = await loginAs(t, { role: 'admin' });
    await courses().update({ id: 'kryptovaluta' }, { published: false });
    invalidate();
    const gone = await owner.agent.get('/api/courses/kryptovaluta').expect(404);
    expect(gone.body.message).toBe('Kurs ikke funnet');
    await admin.agent.get('/api/courses/kryptovaluta').expect(200);
    await courses().update({ id: 'kryptovaluta' }, { published: true });
    invalidate();
    await owner.agent.get('/api/courses/kryptovaluta').expect(200);
  });

  it('a passwordless student signed in with a one-time token sees starter, not a paid course', async () => {
    const user = await createUser(t, { password: null, courses: ['starter'] });
    const token = await t.app.get(LoginTokensService).issue(user.id);
    const agent = t.agent();
    await agent.post('/api/auth/token-login').send({ token }).expect(200);
    const starter = await agent.get('/api/courses/starter').expect(200);
    expect(starter.body.modules).toHaveLength(4);
    await agent.get('/api/courses/foundation').expect(403);
  });
});
