import { Inject, Injectable } from '@nestjs/common';
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { MUX_TOKEN_MAX_SECONDS } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { Clock } from '../../platform/time/clock';

export interface PlaybackTokens {
  /** Audience `v`: the stream (stream.mux.com). */
  token: string;
  /** Audience `t`: thumbnails and the poster (image.mux.com). */
  thumbnailToken: string;
  expiresAt: Date;
}

/** A token is handed out again while it has at least this long left; after that a new one is signed. */
const REISSUE_BEFORE_SECONDS = 3 * 60 * 60;
/** Playback ids kept (a course has a few dozen modules; the whole academy a few hundred). */
const MAX_CACHED = 2000;

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/**
 * Signed playback (Mux "secure video playback"): RS256 JWTs with `sub` = playback id, `aud` = `v` or
 * `t`, `exp` at most six hours ahead and `kid` = the signing key's id, signed offline with the key's
 * private half. A token names only the playback id, so every viewer of a module may get the same one;
 * the course API decides who gets it at all. Tokens are kept per playback id and signed again once
 * less than three hours of their life are left (two RSA signatures per module every three hours, not per request).
 */
@Injectable()
export class PlaybackTokensService {
  private readonly key: KeyObject | null;
  private readonly cache = new Map<string, PlaybackTokens>();

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = cfg.mux ? createPrivateKey(cfg.mux.signingPrivateKeyPem) : null;
  }

  /** Whether signed playback can be offered (Mux is set up). */
  get enabled(): boolean {
    return this.key !== null;
  }

  /** Tokens for a playback id, or null when Mux is not set up. */
  forPlaybackId(playbackId: string): PlaybackTokens | null {
    if (!this.key || !this.cfg.mux) return null;
    const now = this.clock.now().getTime();
    const hit = this.cache.get(playbackId);
    const left = hit ? hit.expiresAt.getTime() - now : 0;
    if (hit && left >= REISSUE_BEFORE_SECONDS * 1000 && left <= MUX_TOKEN_MAX_SECONDS * 1000) return hit;
    const exp = Math.floor(now / 1000) + MUX_TOKEN_MAX_SECONDS;
    const tokens: PlaybackTokens = {
      token: this.sign(playbackId, 'v', exp),
      thumbnailToken: this.sign(playbackId, 't', exp),
      expiresAt: new Date(exp * 1000),
    };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(playbackId, tokens);
    return tokens;
  }

  private sign(playbackId: string, audience: 'v' | 't', exp: number): string {
    const kid = this.cfg.mux!.signingKeyId;
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const payload = b64url(JSON.stringify({ sub: playbackId, aud: audience, exp, kid }));
    const input = `${header}.${payload}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.key!);
    return `${input}.${b64url(signature)}`;
  }
}
