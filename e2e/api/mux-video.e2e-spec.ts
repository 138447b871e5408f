import { createVerify, type KeyObject } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { MSG, MUX_TOKEN_MAX_SECONDS, VIDEO_MSG, type CourseContentResponse, type CourseModuleView } from '@academy/contracts';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { adminAgent, demoPurchase } from './admin-helpers';
import { muxEvent, signMuxWebhook, startFakeMux, type FakeMux, type MuxEvent } from './support/fake-mux';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/** The claims of a playback token, after its RS256 signature was checked with the signing key's public half. */
function verifyToken(token: string, publicKey: KeyObject): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [h, p, s] = token.split('.');
  const ok = createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('token signature does not verify');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

describe('Mux video: uploads from the panel, the webhook, signed playback', () => {
  let fake: FakeMux;
  let t: TestApp;
  let admin: TestAgent;
  let moduleId: number;

  const deliver = (event: MuxEvent | string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) => {
    const signed = signMuxWebhook(event, opts);
    return t
      .http()
      .post('/api/mux/webhook')
      .set('content-type', 'application/json')
      .set('mux-signature', opts.signature ?? signed.signature)
      .send(signed.body);
  };

  /** Sends the file to the upload link as the browser does: resumable chunks with Content-Range. */
  const sendFile = async (uploadUrl: string, size: number, chunk: number) => {
    const file = Buffer.alloc(size, 7);
    const statuses: number[] = [];
    for (let start = 0; start < size; start += chunk) {
      const part = file.subarray(start, Math.min(size, start + chunk));
      const res = await fetch(uploadUrl, {
        method: 'PUT',
        headers: {
          origin: t.cfg.publicOrigin,
          'content-type': 'video/mp4',
          'content-range': `bytes ${start}-${start + part.length - 1}/${size}`,
        },
        body: part,
      });
      statuses.push(res.status);
    }
    return statuses;
  };

  const foundationModule = async (agent: TestAgent, id: number): Promise<CourseModuleView> => {
    const body = (await agent.get('/api/courses/foundation').expect(200)).body as CourseContentResponse;
    const m = body.modules.find((x) => x.id === id);
    if (!m) throw new Error('module missing');
    return m;
  };

  beforeAll(async () => {
    fake = await startFakeMux();
    t = await startTestApp(fake.env());
    ({ agent: admin } = await adminAgent(t));
    moduleId = (
      await t.ds
        .getRepository(CourseModule)
        .findOneOrFail({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } })
    ).id;
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("an upload's life: the panel gets a signed direct upload, the file goes in chunks, the webhook makes it ready and playable", async () => {
    const res = await admin.post(`/api/admin/modules/${moduleId}/video-upload`).send({}).expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['uploadId', 'uploadUrl']);
    const { uploadUrl, uploadId } = res.body as { uploadUrl: string; uploadId: string };
    expect(uploadUrl.startsWith(fake.url)).toBe(true);
    // Mux was asked for a direct upload with signed playback only, for this site's origin.
    const call = fake.calls.find((c) => c.method === 'POST' && c.path === '/video/v1/uploads')!;
    expect(call.body).toMatchObject({
      cors_origin: 'http://localhost:3000',
      new_asset_settings: { playback_policies: ['signed'], passthrough: `module:${moduleId}` },
    });

    const waiting = (await admin.get(`/api/admin/modules/${moduleId}`).expect(200)).body;
    expect(waiting).toMatchObject({
      muxUploadId: uploadId,
      videoStatus: 'waiting',
      videoError: null,
      videoProviders: ['youtube', 'mux'],
    });
    // Nothing to play yet: the student still sees what the module had.
    const student = (await loginAs(t, { courses: ['foundation'] })).agent;
    expect((await foundationModule(student, moduleId)).video?.provider ?? null).not.toBe('mux');

    // Three chunks of 256 KiB and a rest: 308 for each but the last, 200 when the file is whole.
    expect(await sendFile(uploadUrl, 3 * 262144 + 1000, 262144)).toEqual([308, 308, 308, 200]);
    expect((await deliver(fake.assetCreated(uploadId)).expect(200)).body).toEqual({ received: true });
    expect((await admin.get(`/api/admin/modules/${moduleId}`).expect(200)).body.videoStatus).toBe('processing');

    const ready = fake.assetReady(uploadId, 125.4);
    expect((await deliver(ready).expect(200)).body).toEqual({ received: true });
    const asset = fake.assets.get(fake.uploads.get(uploadId)!.asset_id!)!;
    const playbackId = asset.playback_ids.find((p) => p.policy === 'signed')!.id;
    const done = (await admin.get(`/api/admin/modules/${moduleId}`).expect(200)).body;
    expect(done).toMatchObject({
      videoProvider: 'mux',
      muxPlaybackId: playbackId,
      videoStatus: 'ready',
      videoError: null,
      videoDurationSeconds: 125,
      durationMinutes: 2,
    });

    // A repeated delivery changes nothing and writes no second audit entry.
    const audits = await t.ds.getRepository(AuditLog).countBy({ action: 'module.video_ready' });
    expect((await deliver(ready).expect(200)).body).toEqual({ received: true, duplicate: true });
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'module.video_ready' })).toBe(audits);

    // The owner gets the playback id with tokens the signing key's public half verifies.
    const before = Math.floor(Date.now() / 1000);
    const m = await foundationModule(student, moduleId);
    expect(m).toMatchObject({ hasVideo: true, videoId: null, locked: false });
    expect(m.video).toMatchObject({ provider: 'mux', playbackId });
    if (m.video?.provider !== 'mux') throw new Error('not mux');
    const v = verifyToken(m.video.token, fake.signingPublicKey);
    const th = verifyToken(m.video.thumbnailToken, fake.signingPublicKey);
    expect(v.header).toMatchObject({ alg: 'RS256', kid: fake.env().MUX_SIGNING_KEY_ID });
    expect(v.claims).toMatchObject({ sub: playbackId, aud: 'v', kid: fake.env().MUX_SIGNING_KEY_ID });
    expect(th.claims).toMatchObject({ sub: playbackId, aud: 't', kid: fake.env().MUX_SIGNING_KEY_ID });
    const exp = v.claims.exp as number;
    expect(exp).toBeGreaterThan(before + 5 * 3600);
    expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + MUX_TOKEN_MAX_SECONDS);
    expect(th.claims.exp).toBe(exp);
    expect(new Date(m.video.expiresAt).getTime()).toBe(exp * 1000);
    // A changed token does not pass.
    const token = m.video.token;
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...v.claims, sub: 'EnAnnenVideo123456' })).toString('base64url')}.${s}`;
    expect(p).not.toBe(forged.split('.')[1]);
    expect(() => verifyToken(forged, fake.signingPublicKey)).toThrow('does not verify');
  });

  it('tokens go only to owners of released modules: not to others, not for a locked module, not after a refund', async () => {
    const playbackId = (await t.ds.getRepository(CourseModule).findOneByOrFail({ id: moduleId })).muxPlaybackId!;
    expect(playbackId).toBeTruthy();

    // Anonymous and a student of another course: no course, no token.
    const anon = await t.http().get('/api/courses/foundation').expect(401);
    expect(JSON.stringify(anon.body)).not.toContain(playbackId);
    const other = (await loginAs(t, { courses: ['kryptovaluta'] })).agent;
    const foreign = await other.get('/api/courses/foundation').expect(403);
    expect(foreign.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: MSG.courseNotOwned });
    expect(JSON.stringify(foreign.body)).not.toContain(playbackId);

    // A buyer whose drip release has not opened the module: locked, without its video.
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    expect((await foundationModule(buyer, moduleId)).video).toMatchObject({ provider: 'mux', playbackId });
    await admin.put(`/api/admin/modules/${moduleId}`).send({ releaseAfterDays: 7 }).expect(200);
    const locked = await buyer.get('/api/courses/foundation').expect(200);
    expect(locked.body.modules.find((x: CourseModuleView) => x.id === moduleId)).toMatchObject({
      locked: true,
      video: null,
      hasVideo: false,
      captionsUrl: null,
    });
    expect(JSON.stringify(locked.body)).not.toContain(playbackId);
    await admin.put(`/api/admin/modules/${moduleId}`).send({ releaseAfterDays: 0 }).expect(200);
    expect((await foundationModule(buyer, moduleId)).video).toMatchObject({ provider: 'mux', playbackId });

    // Refunded: the course is closed, and no token comes with the refusal.
    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);
    const refunded = await buyer.get('/api/courses/foundation').expect(403);
    expect(JSON.stringify(refunded.body)).not.toContain(playbackId);
    expect(refunded.body).not.toHaveProperty('modules');
  });

  it('the webhook checks the signature on the raw body within five minutes, in the error shape', async () => {
    const event = muxEvent('video.asset.ready', { id: 'asset-x', upload_id: 'ukjent-opplasting', playback_ids: [] });
    const bad = { statusCode: 400, code: 'INVALID_SIGNATURE', message: MSG.invalidSignature };
    // No signature, a wrong secret, a tampered body, too old, too far ahead.
    const unsigned = await t.http().post('/api/mux/webhook').set('content-type', 'application/json').send(JSON.stringify(event));
    expect([unsigned.status, unsigned.body]).toEqual([400, bad]);
    expect((await deliver(event, { secret: 'en-annen-hemmelighet-123' }).expect(400)).body).toEqual(bad);
    const signed = signMuxWebhook(event);
    const tampered = await t
      .http()
      .post('/api/mux/webhook')
      .set('content-type', 'application/json')
      .set('mux-signature', signed.signature)
      .send(signed.body.replace('ukjent-opplasting', 'annen-opplasting'));
    expect([tampered.status, tampered.body]).toEqual([400, bad]);
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(event, { timestamp: now - 301 }).expect(400)).body).toEqual(bad);
    expect((await deliver(event, { timestamp: now + 400 }).expect(400)).body).toEqual(bad);
    expect((await deliver(event, { signature: 'v1=abc' }).expect(400)).body).toEqual(bad);
    // Signed and within the window: an upload no module made is answered and ignored.
    expect((await deliver(event, { timestamp: now - 200 }).expect(200)).body).toEqual({ received: true, ignored: true });
    expect((await deliver(muxEvent('video.asset.created', { id: 'a' })).expect(200)).body).toEqual({
      received: true,
      ignored: true,
    });
    // Signed but not an event.
    const notEvent = await deliver('[1,2,3]').expect(400);
    expect(notEvent.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: VIDEO_MSG.invalidMuxEvent });
  });

  it('an asset Mux could not process shows its error in the panel; the module keeps what it played', async () => {
    const id = (
      await t.ds
        .getRepository(CourseModule)
        .findOneOrFail({ where: { courseId: 'foundation', published: true }, order: { position: 'DESC' } })
    ).id;
    const before = await t.ds.getRepository(CourseModule).findOneByOrFail({ id });
    const { uploadUrl, uploadId } = (await admin.post(`/api/admin/modules/${id}/video-upload`).send({}).expect(201)).body;
    expect(await sendFile(uploadUrl, 1000, 1000)).toEqual([200]);
    const errored = fake.assetErrored(uploadId, ['The file does not contain a video track.']);
    expect((await deliver(errored).expect(200)).body).toEqual({ received: true });
    expect((await admin.get(`/api/admin/modules/${id}`).expect(200)).body).toMatchObject({
      videoStatus: 'errored',
      videoError: VIDEO_MSG.assetErrored('The file does not contain a video track.'),
      videoProvider: before.videoProvider,
      videoId: before.videoId,
    });
    expect((await deliver(errored).expect(200)).body).toEqual({ received: true, duplicate: true });
  });

  it('the panel may set a Mux playback id and a captions file by hand; bad values get a Norwegian 400', async () => {
    const id = (await t.ds.getRepository(CourseModule).findOneOrFail({ where: { courseId: 'accelerator', published: true } })).id;
    const bad = await admin.put(`/api/admin/modules/${id}`).send({ videoProvider: 'mux', videoId: 'ikke-en-id!' }).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: VIDEO_MSG.invalidMuxPlaybackId });
    const badMux = await admin.put(`/api/admin/modules/${id}`).send({ videoProvider: 'mux', videoId: 'dQw4w9WgXc_' }).expect(400);
    expect(badMux.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: VIDEO_MSG.invalidMuxPlaybackId });
    const badCaptions = await admin.put(`/api/admin/modules/${id}`).send({ captionsUrl: 'http://example.no/a.srt' }).expect(400);
    expect(badCaptions.body).toMatchObject({ statusCode: 400, message: VIDEO_MSG.invalidCaptionsUrl });
    const provider = await admin.put(`/api/admin/modules/${id}`).send({ videoProvider: 'vimeo' }).expect(400);
    expect(provider.body).toMatchObject({ statusCode: 400, message: VIDEO_MSG.invalidProvider });

    const ok = await admin
      .put(`/api/admin/modules/${id}`)
      .send({ videoProvider: 'mux', videoId: 'AbcDef0123456789XyZ', captionsUrl: 'https://cdn.example.no/teksting/modul.vtt' })
      .expect(200);
    expect(ok.body).toMatchObject({ videoProvider: 'mux', muxPlaybackId: 'AbcDef0123456789XyZ', videoStatus: 'ready' });
    const owner = (await loginAs(t, { courses: ['accelerator'] })).agent;
    const m = ((await owner.get('/api/courses/accelerator').expect(200)).body as CourseContentResponse).modules.find(
      (x) => x.id === id,
    )!;
    expect(m).toMatchObject({
      captionsUrl: 'https://cdn.example.no/teksting/modul.vtt',
      video: { provider: 'mux', playbackId: 'AbcDef0123456789XyZ' },
    });
    // Back to YouTube: the YouTube id plays, no token is signed.
    await admin
      .put(`/api/admin/modules/${id}`)
      .send({ videoProvider: 'youtube', videoId: 'https://youtu.be/dQw4w9WgXcQ' })
      .expect(200);
    const y = ((await owner.get('/api/courses/accelerator').expect(200)).body as CourseContentResponse).modules.find(
      (x) => x.id === id,
    )!;
    expect(y.video).toEqual({ provider: 'youtube', videoId: 'dQw4w9WgXcQ' });
    expect(y).toMatchObject({ videoId: 'dQw4w9WgXcQ', hasVideo: true });
  });

  it('Mux failing to answer: the panel gets a 503 in the error shape and the module is unchanged', async () => {
    const before = await t.ds.getRepository(CourseModule).findOneByOrFail({ id: moduleId });
    fake.fail(500, 5);
    const res = await admin.post(`/api/admin/modules/${moduleId}/video-upload`).send({}).expect(503);
    expect(res.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: VIDEO_MSG.muxUnavailable });
    fake.fail(500, 0);
    expect(await t.ds.getRepository(CourseModule).findOneByOrFail({ id: moduleId })).toMatchObject({
      muxUploadId: before.muxUploadId,
      videoStatus: before.videoStatus,
    });
    await admin.post('/api/admin/modules/999999/video-upload').send({}).expect(404);
  });
});

describe('without Mux settings only YouTube is offered', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t?.close());

  it('no uploads, no switch to Mux, and a Mux module plays nothing rather than an unsigned video', async () => {
    const id = (await t.ds.getRepository(CourseModule).findOneOrFail({ where: { courseId: 'foundation', published: true } })).id;
    const upload = await admin.post(`/api/admin/modules/${id}/video-upload`).send({}).expect(503);
    expect(upload.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: VIDEO_MSG.muxNotConfigured });
    const sw = await admin.put(`/api/admin/modules/${id}`).send({ videoProvider: 'mux' }).expect(400);
    expect(sw.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: VIDEO_MSG.muxNotConfigured });
    expect((await admin.get(`/api/admin/modules/${id}`).expect(200)).body.videoProviders).toEqual(['youtube']);

    // A module left on Mux from before (its keys since removed) shows the overlay.
    await t.ds
      .getRepository(CourseModule)
      .update({ id }, { videoProvider: 'mux', muxPlaybackId: 'AbcDef0123456789XyZ', videoStatus: 'ready' });
    await admin.put(`/api/admin/modules/${id}`).send({ description: 'Oppdatert' }).expect(200);
    const owner = (await loginAs(t, { courses: ['foundation'] })).agent;
    const m = ((await owner.get('/api/courses/foundation').expect(200)).body as CourseContentResponse).modules.find(
      (x) => x.id === id,
    )!;
    expect(m).toMatchObject({ video: null, hasVideo: false, videoId: null });
    // Webhooks cannot be verified without the secret.
    const signed = signMuxWebhook(muxEvent('video.asset.ready', { id: 'a', upload_id: 'u' }));
    await t
      .http()
      .post('/api/mux/webhook')
      .set('content-type', 'application/json')
      .set('mux-signature', signed.signature)
      .send(signed.body)
      .expect(400);
    expect(await t.ds.getRepository(Grant).count()).toBeGreaterThan(0);
  });
});
