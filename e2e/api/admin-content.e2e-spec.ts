import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { adminAgent, listQuery, loginAs } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

describe('admin API: courses, modules and the overlay text', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;
  let owner: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
    ({ agent: owner } = await loginAs(t, { courses: ['kryptovaluta'] }));
  });
  afterAll(() => t.close());

  const catalogItem = async (id: string) =>
    (await t.http().get('/api/catalog').expect(200)).body.items.find((i: { id: string }) => i.id === id);
  const player = async (courseId: string) => (await owner.get(`/api/courses/${courseId}`).expect(200)).body;

  it('lists the six player courses with module counts, and shows one', async () => {
    const res = await admin.get('/api/admin/courses').expect(200);
    expect(res.headers['content-range']).toBe('courses 0-5/6');
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([
      'starter',
      'foundation',
      'accelerator',
      'kryptovaluta',
      'microkurs',
      'temakurs',
    ]);
    expect(res.body[0]).toMatchObject({ id: 'starter', title: 'Starter', moduleCount: 4, publishedModuleCount: 4 });
    const one = await admin.get('/api/admin/courses/kryptovaluta').expect(200);
    expect(one.body).toMatchObject({ id: 'kryptovaluta', moduleCount: 1 });
  });

  it('editing course texts shows on the storefront catalogue and in the player at once, audited', async () => {
    await player('kryptovaluta'); // warm the player's cache
    await catalogItem('kryptovaluta'); // and the catalogue's
    const res = await admin
      .put('/api/admin/courses/kryptovaluta')
      .send({ id: 'kryptovaluta', title: 'Kryptovaluta Pro', description: 'Handel med krypto, fra bunnen.' })
      .expect(200);
    expect(res.body).toMatchObject({ title: 'Kryptovaluta Pro', description: 'Handel med krypto, fra bunnen.' });
    expect(await catalogItem('kryptovaluta')).toMatchObject({ title: 'Kryptovaluta Pro' });
    expect(await player('kryptovaluta')).toMatchObject({
      title: 'Kryptovaluta Pro',
      description: 'Handel med krypto, fra bunnen.',
    });
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'course.update', entityId: 'kryptovaluta' });
    expect(audit).toMatchObject({
      actorId: adminId,
      before: { title: 'Kryptovaluta', description: expect.any(String) },
      after: { title: 'Kryptovaluta Pro', description: 'Handel med krypto, fra bunnen.' },
    });
    for (const body of [{ title: '' }, { title: 'x'.repeat(121) }, { id: 'foundation' }, { sortOrder: 9 }, { title: null }]) {
      await admin.patch('/api/admin/courses/kryptovaluta').send(body).expect(400);
    }
    await admin.put('/api/admin/courses/vip').send({ title: 'Nei' }).expect(404);
  });

  it('creates, edits and deletes modules; the player and the module count follow at once', async () => {
    expect((await catalogItem('kryptovaluta')).moduleCount).toBe(1);
    const created = await admin
      .post('/api/admin/modules')
      .send({
        courseId: 'kryptovaluta',
        title: 'Lommebøker og sikkerhet',
        description: 'Oppbevaring av krypto.',
        durationMinutes: 14,
        topics: ['Kald lagring', '  ', 'Seed-fraser'],
        videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      })
      .expect(201);
    expect(created.body).toMatchObject({
      courseId: 'kryptovaluta',
      position: 1,
      title: 'Lommebøker og sikkerhet',
      durationMinutes: 14,
      topics: ['Kald lagring', 'Seed-fraser'],
      videoId: 'dQw4w9WgXcQ',
      published: true,
    });
    const id = created.body.id;
    expect((await catalogItem('kryptovaluta')).moduleCount).toBe(2);
    let content = await player('kryptovaluta');
    expect(content.modules.map((m: { title: string }) => m.title)).toEqual([
      'Dynamikken i kryptomarkedet',
      'Lommebøker og sikkerhet',
    ]);
    expect(content.modules[1]).toMatchObject({ videoId: 'dQw4w9WgXcQ', hasVideo: true, durationMinutes: 14 });

    // Move it first, change the video (short link), then unpublish it.
    await admin.put(`/api/admin/modules/${id}`).send({ position: 0, videoId: 'youtu.be/abcDEF12345' }).expect(200);
    const first = await t.ds
      .getRepository(CourseModule)
      .findOneByOrFail({ courseId: 'kryptovaluta', title: 'Dynamikken i kryptomarkedet' });
    await admin.patch(`/api/admin/modules/${first.id}`).send({ position: 1 }).expect(200);
    content = await player('kryptovaluta');
    expect(content.modules.map((m: { title: string; videoId: string | null }) => [m.title, m.videoId])).toEqual([
      ['Lommebøker og sikkerhet', 'abcDEF12345'],
      ['Dynamikken i kryptomarkedet', null],
    ]);
    await admin.patch(`/api/admin/modules/${id}`).send({ published: false, videoId: '' }).expect(200);
    content = await player('kryptovaluta');
    expect(content.modules.map((m: { title: string }) => m.title)).toEqual(['Dynamikken i kryptomarkedet']);
    expect((await catalogItem('kryptovaluta')).moduleCount).toBe(1);
    expect((await admin.get(`/api/admin/modules/${id}`).expect(200)).body).toMatchObject({ published: false, videoId: null });

    const deleted = await admin.delete(`/api/admin/modules/${id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect(deleted.body).toMatchObject({ id, title: 'Lommebøker og sikkerhet' });
    await admin.get(`/api/admin/modules/${id}`).expect(404);
    await admin.delete(`/api/admin/modules/${id}`).set('X-Requested-With', 'XMLHttpRequest').expect(404);

    const audit = await t.ds
      .getRepository(AuditLog)
      .find({ where: { entity: 'module', entityId: String(id) }, order: { id: 'ASC' } });
    expect(audit.map((a) => a.action)).toEqual(['module.create', 'module.update', 'module.update', 'module.delete']);
    expect(audit[1]).toMatchObject({
      before: { position: 1, videoId: 'dQw4w9WgXcQ' },
      after: { position: 0, videoId: 'abcDEF12345' },
    });
    expect(audit[3]).toMatchObject({ before: expect.objectContaining({ title: 'Lommebøker og sikkerhet' }), after: null });
  });

  it('rejects bad module input with Norwegian messages and writes nothing', async () => {
    const count = await t.ds.getRepository(CourseModule).count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { courseId: 'kryptovaluta', title: 'Ny', videoId: 'ikke-en-id' },
        'Video-id må være en YouTube-id på 11 tegn (eller en YouTube-lenke)',
      ],
      [
        { courseId: 'kryptovaluta', title: 'Ny', videoId: 'https://vimeo.com/12345678901' },
        'Video-id må være en YouTube-id på 11 tegn (eller en YouTube-lenke)',
      ],
      [
        { courseId: 'kryptovaluta', title: 'Ny', videoId: 'abc"<script>' },
        'Video-id må være en YouTube-id på 11 tegn (eller en YouTube-lenke)',
      ],
      [{ courseId: 'vip', title: 'Ny' }, 'Ukjent kurs'],
      [{ courseId: 'kryptovaluta', title: '   ' }, 'Tittel kan ikke være tom'],
      [{ courseId: 'kryptovaluta', title: 'Ny', durationMinutes: -1 }, 'Varighet kan ikke være negativ'],
      [{ courseId: 'kryptovaluta', title: 'Ny', durationMinutes: 2.5 }, 'Varighet må være et helt antall minutter'],
      [
        { courseId: 'kryptovaluta', title: 'Ny', topics: 'ett tema' },
        'Temaer må være en liste med maks 30 tekster på maks 200 tegn',
      ],
      [
        { courseId: 'kryptovaluta', title: 'Ny', topics: Array.from({ length: 31 }, (_, i) => `T${i}`) },
        'Temaer må være en liste med maks 30 tekster på maks 200 tegn',
      ],
      [{ courseId: 'kryptovaluta', title: 'Ny', topics: [42] }, 'Temaer må være en liste med maks 30 tekster på maks 200 tegn'],
      [{ courseId: 'kryptovaluta', title: 'Ny', description: 42 }, 'Beskrivelse må være tekst'],
      [{ courseId: 'kryptovaluta', title: 'Ny', id: 5 }, 'Ukjent felt: id'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/modules').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    }
    const m = await t.ds.getRepository(CourseModule).findOneByOrFail({ courseId: 'starter', position: 0 });
    await admin.put(`/api/admin/modules/${m.id}`).send({ courseId: 'foundation' }).expect(400);
    await admin.put(`/api/admin/modules/${m.id}`).send({ published: null }).expect(400);
    expect(await t.ds.getRepository(CourseModule).count()).toBe(count);
    expect(await t.ds.getRepository(CourseModule).findOneByOrFail({ id: m.id })).toMatchObject({
      courseId: 'starter',
      published: true,
    });
  });

  it('the overlay text: read, change (shows in the player and /api/site at once), audited, validated', async () => {
    expect((await admin.get('/api/admin/settings').expect(200)).body).toEqual({
      id: 'site',
      videoOverlayText: 'Videoen kommer snart',
      mentorBookingUrl: null,
      studentCountThreshold: 20,
    });
    expect((await owner.get('/api/courses/starter').expect(200)).body.overlayText).toBe('Videoen kommer snart');
    const res = await admin.put('/api/admin/settings').send({ id: 'site', videoOverlayText: 'Kommer i desember' }).expect(200);
    expect(res.body).toEqual({
      id: 'site',
      videoOverlayText: 'Kommer i desember',
      mentorBookingUrl: null,
      studentCountThreshold: 20,
    });
    expect((await owner.get('/api/courses/starter').expect(200)).body.overlayText).toBe('Kommer i desember');
    expect((await t.http().get('/api/site').expect(200)).body.videoOverlayText).toBe('Kommer i desember');
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'settings.update' });
    expect(audit).toMatchObject({
      before: { videoOverlayText: 'Videoen kommer snart' },
      after: { videoOverlayText: 'Kommer i desember' },
    });
    for (const body of [
      {},
      { videoOverlayText: '' },
      { videoOverlayText: 'x'.repeat(201) },
      { videoOverlayText: 'Ok', siteName: 'Hack' },
    ]) {
      await admin.put('/api/admin/settings').send(body).expect(400);
    }
    expect((await admin.get('/api/admin/settings').expect(200)).body.videoOverlayText).toBe('Kommer i desember');
  });

  it('the audit log filters by actor, entity, action and date', async () => {
    const q = (filter: Record<string, unknown>) =>
      admin.get(`/api/admin/audit-log${listQuery({ filter, range: [0, 99] })}`).expect(200);
    const mine = await q({ actorId: adminId });
    expect(mine.body.length).toBeGreaterThanOrEqual(6);
    expect((await q({ entity: 'settings' })).body).toHaveLength(1);
    expect((await q({ action: 'module.delete' })).body).toHaveLength(1);
    expect((await q({ createdFrom: new Date(Date.now() + 60_000).toISOString() })).body).toHaveLength(0);
    expect((await q({ actorId: adminId + 1000 })).body).toHaveLength(0);
    const first = mine.body[mine.body.length - 1];
    expect((await admin.get(`/api/admin/audit-log/${first.id}`).expect(200)).body).toEqual(first);
  });
});
