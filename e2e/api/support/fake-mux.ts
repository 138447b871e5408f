import { createHmac, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContractViolation } from './contract';
import { startFakeServer, type FakeReply, type FakeRequest } from './fake-server';

/**
 * A small fake of Mux Video for the test suites (no network), built from Mux's published API: the
 * calls the site makes (`POST /video/v1/uploads`, `GET /video/v1/uploads/:id`, `GET /video/v1/assets/:id`)
 * with HTTP Basic auth and the `{data: …}` / `{error: {type, messages}}` envelopes, the direct-upload
 * link a browser PUTs the file to in resumable chunks (Content-Range; 308 with `Range` for a chunk, 200
 * when the file is whole; CORS only for the upload's `cors_origin`), and the webhook events Mux sends
 * (`video.upload.asset_created`, `video.asset.ready`, `video.asset.errored`, `video.asset.track.ready`)
 * signed like Mux signs them. An upload whose asset settings ask for `generated_subtitles` gets a text
 * track per language (`text_source: generated_vod`); once ready, its WebVTT file is served like
 * stream.mux.com serves it (`/stream/{PLAYBACK_ID}/text/{TRACK_ID}.vtt?token=`, the token an RS256 JWT
 * of the URL signing key with `aud: v`, checked).
 */

export const FAKE_MUX_TOKEN_ID = 'fake-mux-token-id';
export const FAKE_MUX_TOKEN_SECRET = 'fake-mux-token-secret';
export const FAKE_MUX_WEBHOOK_SECRET = 'fake-mux-webhook-signing-secret';
export const FAKE_MUX_SIGNING_KEY_ID = 'FakeSigningKey0123456789';

export interface FakeUpload {
  id: string;
  url: string;
  cors_origin: string;
  status: 'waiting' | 'asset_created' | 'errored' | 'cancelled' | 'timed_out';
  timeout: number;
  new_asset_settings: Record<string, unknown>;
  asset_id?: string;
  test: boolean;
  /** Bytes received through the upload link so far (not part of Mux's object). */
  received: number;
}

export interface FakeTrack {
  id: string;
  type: 'text';
  text_type: 'subtitles';
  text_source: 'generated_vod';
  language_code: string;
  name: string;
  status: 'preparing' | 'ready' | 'errored';
  /** The file served once ready (not part of Mux's object). */
  vtt?: string;
}

export interface FakeAsset {
  id: string;
  tracks: FakeTrack[];
  status: 'preparing' | 'ready' | 'errored';
  upload_id: string;
  passthrough?: string;
  playback_ids: Array<{ id: string; policy: 'public' | 'signed' }>;
  duration?: number;
  created_at: string;
  errors?: { type: string; messages: string[] };
}

export interface RecordedMuxCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

export interface MuxEvent {
  type: string;
  id: string;
  created_at: string;
  object: { type: 'asset' | 'upload'; id: string };
  environment: { name: string; id: string };
  data: Record<string, unknown>;
  attempts: unknown[];
  accessor_source: null;
  accessor: null;
  request_id: null;
}

export interface FakeMux {
  url: string;
  calls: RecordedMuxCall[];
  uploads: Map<string, FakeUpload>;
  assets: Map<string, FakeAsset>;
  /** The public half of the URL signing key whose private half the app signs playback tokens with. */
  signingPublicKey: KeyObject;
  /** The signing keys the environment has (GET /system/v1/signing-keys/{id}); the app's is there. */
  signingKeys: Set<string>;
  /** Whether the access token has System read permission (without it the signing keys answer 403). */
  systemAccess: boolean;
  /** The app's MUX_* environment pointing at this fake. */
  env(): Record<string, string>;
  /** Behaves like Mux after an upload: the asset made from it becomes ready (or errors); the event to deliver. */
  assetReady(uploadId: string, durationSeconds?: number): MuxEvent;
  assetErrored(uploadId: string, messages?: string[]): MuxEvent;
  /** `video.upload.asset_created` for a finished upload. */
  assetCreated(uploadId: string): MuxEvent;
  /** The upload's generated text track becomes ready with this file: `video.asset.track.ready`. */
  trackReady(uploadId: string, vtt: string): MuxEvent;
  /** Text track files fetched (with whether the token was accepted). */
  trackFetches: Array<{ playbackId: string; trackId: string; accepted: boolean }>;
  /** When set, the fake delivers its events itself (signed) to this address, as Mux does. */
  webhookUrl: string | null;
  /** Requests Mux's published description refuses (they fail the suite at `close`). */
  violations: ContractViolation[];
  /** The next `times` API calls answer `status` with Mux's error envelope. */
  fail(status?: number, times?: number): void;
  close(): Promise<void>;
}

/** `mux-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Mux signs webhooks. */
export function signMuxWebhook(
  payload: unknown,
  opts: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', opts.secret ?? FAKE_MUX_WEBHOOK_SECRET)
    .update(`${t}.${body}`)
    .digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

/** A Mux webhook event around an asset or upload object. */
export function muxEvent(type: string, data: { id: string } & Record<string, unknown>): MuxEvent {
  return {
    type,
    id: randomUUID(),
    created_at: new Date().toISOString(),
    object: { type: type.startsWith('video.upload') ? 'upload' : 'asset', id: data.id },
    environment: { name: 'Test', id: 'fake-env' },
    data,
    attempts: [],
    accessor_source: null,
    accessor: null,
    request_id: null,
  };
}

/** A new RSA key pair as Mux makes a URL signing key: the private half base64-encoded PEM (MUX_SIGNING_PRIVATE_KEY). */
export function muxSigningKey(): { privateKeyBase64: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return { privateKeyBase64: Buffer.from(pem).toString('base64'), publicKey };
}

const muxId = () =>
  randomBytes(24)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 32);
const PLAYBACK_POLICIES = ['public', 'signed', 'drm'];

type MuxRoute = 'uploads.create' | 'uploads.get' | 'assets.get' | 'assets.list' | 'signingKeys.get';

export async function startFakeMux(): Promise<FakeMux> {
  const calls: RecordedMuxCall[] = [];
  const uploads = new Map<string, FakeUpload>();
  const assets = new Map<string, FakeAsset>();
  const key = muxSigningKey();
  let base = '';
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_MUX_TOKEN_ID}:${FAKE_MUX_TOKEN_SECRET}`).toString('base64')}`;

  const error = (status: number, type: string, message: string): FakeReply => ({
    status,
    body: { error: { type, messages: [message] } },
  });
  const notFound = () => error(404, 'not_found', 'The requested resource could not be found');
  const assetView = (a: FakeAsset) => ({ ...a, tracks: a.tracks.map(({ vtt: _v, ...t }) => t) });
  const view = (u: FakeUpload) => {
    const { received: _r, ...rest } = u;
    return rest;
  };

  const deliver = (event: MuxEvent): void => {
    if (!fake.webhookUrl) return;
    const signed = signMuxWebhook(event);
    void fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mux-signature': signed.signature },
      body: signed.body,
    }).catch(() => undefined);
  };

  /** The browser's PUT of one chunk to the upload link (Google Cloud Storage's resumable protocol). */
  const uploadChunk = (req: IncomingMessage, res: ServerResponse, upload: FakeUpload, body: Buffer) => {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin === upload.cors_origin
        ? {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': 'Range',
            vary: 'Origin',
          }
        : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(origin === upload.cors_origin ? 204 : 403, {
        ...cors,
        'access-control-allow-methods': 'PUT, OPTIONS',
        'access-control-allow-headers': 'content-type, content-range',
        'access-control-max-age': '600',
      });
      return res.end();
    }
    if (req.method !== 'PUT') {
      res.writeHead(405, cors);
      return res.end();
    }
    if (upload.status !== 'waiting') {
      res.writeHead(410, cors);
      return res.end();
    }
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!m || Number(m[1]) !== upload.received || Number(m[2]) - Number(m[1]) + 1 !== body.length) {
      res.writeHead(400, cors);
      return res.end('bad Content-Range');
    }
    upload.received += body.length;
    const total = Number(m[3]);
    if (upload.received < total) {
      res.writeHead(308, { ...cors, range: `bytes=0-${upload.received - 1}` });
      return res.end();
    }
    // The whole file: Mux makes the asset (with the upload's asset settings) and says so.
    const settings = upload.new_asset_settings as {
      playback_policies?: string[];
      passthrough?: string;
      inputs?: Array<{ generated_subtitles?: Array<{ language_code?: string; name?: string }> }>;
    };
    const asset: FakeAsset = {
      id: muxId(),
      tracks: (settings.inputs ?? []).flatMap((i) =>
        (i.generated_subtitles ?? []).map((g) => ({
          id: muxId(),
          type: 'text' as const,
          text_type: 'subtitles' as const,
          text_source: 'generated_vod' as const,
          language_code: g.language_code ?? 'en',
          name: g.name ?? g.language_code ?? 'en',
          status: 'preparing' as const,
        })),
      ),
      status: 'preparing',
      upload_id: upload.id,
      passthrough: settings.passthrough,
      playback_ids: (settings.playback_policies ?? ['public']).map((p) => ({ id: muxId(), policy: p as 'public' | 'signed' })),
      created_at: String(Math.floor(Date.now() / 1000)),
    };
    assets.set(asset.id, asset);
    upload.status = 'asset_created';
    upload.asset_id = asset.id;
    res.writeHead(200, cors);
    res.end();
    if (fake.webhookUrl) {
      deliver(fake.assetCreated(upload.id));
      setTimeout(() => deliver(fake.assetReady(upload.id)), 50);
    }
  };

  const trackFetches: FakeMux['trackFetches'] = [];
  /** stream.mux.com's text track: a signed playback id needs a valid `aud: v` token for it. */
  const serveTrack = (res: ServerResponse, playbackId: string, trackId: string, token: string | null) => {
    const asset = [...assets.values()].find((a) => a.playback_ids.some((p) => p.id === playbackId));
    const track = asset?.tracks.find((t) => t.id === trackId);
    const signed = asset?.playback_ids.find((p) => p.id === playbackId)?.policy === 'signed';
    const accepted = !signed || validToken(token, playbackId);
    trackFetches.push({ playbackId, trackId, accepted });
    if (!asset || !track || track.status !== 'ready' || !track.vtt) {
      res.writeHead(404);
      return res.end();
    }
    if (!accepted) {
      res.writeHead(403);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/vtt' });
    res.end(track.vtt);
  };
  const validToken = (token: string | null, playbackId: string): boolean => {
    const parts = (token ?? '').split('.');
    if (parts.length !== 3) return false;
    try {
      const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString()) as { alg?: string; kid?: string };
      const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString()) as { sub?: string; aud?: string; exp?: number };
      const ok = createVerify('RSA-SHA256')
        .update(`${parts[0]}.${parts[1]}`)
        .verify(key.publicKey, Buffer.from(parts[2], 'base64url'));
      return (
        ok &&
        header.alg === 'RS256' &&
        header.kid === FAKE_MUX_SIGNING_KEY_ID &&
        claims.sub === playbackId &&
        claims.aud === 'v' &&
        typeof claims.exp === 'number' &&
        claims.exp * 1000 > Date.now()
      );
    } catch {
      return false;
    }
  };

  const createUpload = (req: FakeRequest): FakeReply => {
    const b = (req.body ?? {}) as { cors_origin?: unknown; new_asset_settings?: unknown; timeout?: unknown; test?: unknown };
    if (b.cors_origin !== undefined && typeof b.cors_origin !== 'string')
      return error(400, 'invalid_parameters', 'cors_origin must be a string');
    if (b.timeout !== undefined && (typeof b.timeout !== 'number' || b.timeout < 60 || b.timeout > 604800))
      return error(400, 'invalid_parameters', 'timeout must be between 60 and 604800');
    const settings = (b.new_asset_settings ?? {}) as Record<string, unknown>;
    if (typeof settings !== 'object' || Array.isArray(settings))
      return error(400, 'invalid_parameters', 'new_asset_settings must be an object');
    // A direct upload's file is the asset's input: an input there may not name a url of its own.
    const inputs = settings.inputs as Array<Record<string, unknown>> | undefined;
    if (inputs !== undefined && (!Array.isArray(inputs) || inputs.some((i) => i && i.url !== undefined)))
      return error(400, 'invalid_parameters', 'inputs of a direct upload take no url');
    const policies = settings.playback_policies ?? settings.playback_policy;
    if (policies !== undefined && (!Array.isArray(policies) || policies.some((p) => !PLAYBACK_POLICIES.includes(p as string))))
      return error(400, 'invalid_parameters', 'playback_policies must be a list of public, signed or drm');
    if (settings.video_quality !== undefined && !['basic', 'plus', 'premium'].includes(settings.video_quality as string))
      return error(400, 'invalid_parameters', 'video_quality must be basic, plus or premium');
    if (typeof settings.passthrough === 'string' && settings.passthrough.length > 255)
      return error(400, 'invalid_parameters', 'passthrough is at most 255 characters');
    const id = muxId();
    const upload: FakeUpload = {
      id,
      url: `${base}/upload/${id}`,
      cors_origin: (b.cors_origin as string | undefined) ?? '*',
      status: 'waiting',
      timeout: (b.timeout as number | undefined) ?? 3600,
      new_asset_settings: { ...settings, ...(policies ? { playback_policies: policies } : {}) },
      test: b.test === true,
      received: 0,
    };
    uploads.set(id, upload);
    return { status: 201, body: { data: view(upload) } };
  };

  const server = await startFakeServer<MuxRoute>({
    name: 'fake mux',
    provider: 'mux',
    routes: [
      { name: 'uploads.create', method: 'POST', path: '/video/v1/uploads', handle: createUpload },
      {
        name: 'uploads.get',
        method: 'GET',
        path: '/video/v1/uploads/{UPLOAD_ID}',
        handle: (req) => {
          const u = uploads.get(req.params.UPLOAD_ID);
          return u ? { status: 200, body: { data: view(u) } } : notFound();
        },
      },
      {
        name: 'assets.get',
        method: 'GET',
        path: '/video/v1/assets/{ASSET_ID}',
        handle: (req) => {
          const a = assets.get(req.params.ASSET_ID);
          return a ? { status: 200, body: { data: assetView(a) } } : notFound();
        },
      },
      {
        name: 'assets.list',
        method: 'GET',
        path: '/video/v1/assets',
        handle: (req) => {
          const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 25)));
          return { status: 200, body: { data: [...assets.values()].slice(0, limit) } };
        },
      },
      {
        name: 'signingKeys.get',
        method: 'GET',
        path: '/system/v1/signing-keys/{SIGNING_KEY_ID}',
        handle: (req) => {
          if (!fake.systemAccess) return error(403, 'forbidden', 'The access token does not have System permissions');
          const id = req.params.SIGNING_KEY_ID;
          // Mux never returns the private key after creation.
          return fake.signingKeys.has(id) ? { status: 200, body: { data: { id, created_at: '1700000000' } } } : notFound();
        },
      },
    ],
    // The upload link a browser sends the file to.
    intercept: (req, res, url, raw) => {
      const text = /^\/stream\/([^/]+)\/text\/([^/]+)\.vtt$/.exec(url.pathname);
      if (text) {
        serveTrack(res, decodeURIComponent(text[1]), decodeURIComponent(text[2]), url.searchParams.get('token'));
        return true;
      }
      const up = /^\/upload\/([^/]+)$/.exec(url.pathname);
      if (!up) return false;
      const upload = uploads.get(up[1]);
      if (!upload) {
        res.writeHead(404);
        res.end();
      } else uploadChunk(req, res, upload, raw);
      return true;
    },
    badBody: () => error(400, 'invalid_parameters', 'Invalid JSON'),
    notFound,
    record: (req) =>
      calls.push({ method: req.method, path: req.path, body: req.body, authorization: req.header('authorization') }),
    guard: (_r, req) =>
      req.header('authorization') === expectedAuth ? null : error(401, 'unauthorized', 'Unauthorized request'),
    refuse: (_r, problems) => error(400, 'invalid_parameters', problems.join('; ')),
    failure: (_r, status) => error(status, status >= 500 ? 'internal_error' : 'invalid_parameters', 'Fake failure'),
  });
  base = server.url;

  const assetOf = (uploadId: string): FakeAsset => {
    const u = uploads.get(uploadId);
    if (!u?.asset_id) throw new Error(`upload ${uploadId} has no asset yet (send the file first)`);
    return assets.get(u.asset_id)!;
  };

  const fake: FakeMux = {
    url: base,
    calls,
    uploads,
    assets,
    signingPublicKey: key.publicKey,
    signingKeys: new Set([FAKE_MUX_SIGNING_KEY_ID]),
    systemAccess: true,
    webhookUrl: null,
    env: () => ({
      MUX_TOKEN_ID: FAKE_MUX_TOKEN_ID,
      MUX_TOKEN_SECRET: FAKE_MUX_TOKEN_SECRET,
      MUX_WEBHOOK_SECRET: FAKE_MUX_WEBHOOK_SECRET,
      MUX_SIGNING_KEY_ID: FAKE_MUX_SIGNING_KEY_ID,
      MUX_SIGNING_PRIVATE_KEY: key.privateKeyBase64,
      MUX_API_BASE: base,
      MUX_STREAM_BASE: `${base}/stream`,
    }),
    trackFetches,
    trackReady(uploadId, vtt) {
      const a = assetOf(uploadId);
      const track = a.tracks.find((t) => t.text_source === 'generated_vod');
      if (!track) throw new Error(`asset of upload ${uploadId} has no generated text track (asked for none)`);
      track.status = 'ready';
      track.vtt = vtt;
      const { vtt: _v, ...data } = track;
      return muxEvent('video.asset.track.ready', { ...data, asset_id: a.id });
    },
    assetCreated(uploadId) {
      const u = uploads.get(uploadId)!;
      return muxEvent('video.upload.asset_created', { ...view(u) });
    },
    assetReady(uploadId, durationSeconds = 125.4) {
      const a = assetOf(uploadId);
      a.status = 'ready';
      a.duration = durationSeconds;
      return muxEvent('video.asset.ready', { ...assetView(a) });
    },
    assetErrored(uploadId, messages = ['The file does not contain a video track.']) {
      const a = assetOf(uploadId);
      a.status = 'errored';
      a.errors = { type: 'invalid_input', messages };
      return muxEvent('video.asset.errored', { ...assetView(a) });
    },
    fail(status = 500, times = 1) {
      server.fail('*', status, times);
    },
    violations: server.violations,
    close: () => server.close(),
  };
  return fake;
}
