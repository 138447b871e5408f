import type { Provider } from '@nestjs/common';
import type Mux from '@mux/mux-node';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { lazyDefault } from '../../platform/modules/lazy-module';

/** The SDK is loaded only when Mux is set up (about 9 MB resident otherwise spent for nothing). */
const muxSdk = lazyDefault<typeof Mux>('@mux/mux-node');

/** The Mux API client (official SDK), or null when Mux is not set up (the panel offers YouTube only). */
export const MUX_CLIENT = Symbol('MUX_CLIENT');

/** Builds the client from configuration. MUX_API_BASE points it elsewhere (the tests' fake). */
export function createMuxClient(cfg: Pick<AppConfig, 'mux'>): Mux | null {
  const mux = cfg.mux;
  if (!mux) return null;
  const MuxClient = muxSdk();
  return new MuxClient({
    tokenId: mux.tokenId,
    tokenSecret: mux.tokenSecret,
    webhookSecret: mux.webhookSecret,
    // The SDK would otherwise read MUX_SIGNING_KEY / MUX_PRIVATE_KEY from the environment; playback
    // tokens are signed by PlaybackTokensService with the configured key instead.
    jwtSigningKey: null,
    jwtPrivateKey: null,
    ...(mux.apiBase ? { baseURL: mux.apiBase.toString().replace(/\/+$/, '') } : {}),
    timeout: 15_000,
    maxRetries: 1,
  });
}

export const muxProvider: Provider = {
  provide: MUX_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (cfg: AppConfig) => createMuxClient(cfg),
};
