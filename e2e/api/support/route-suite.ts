import { startFakeMux, type FakeMux } from './fake-mux';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fake-stripe';
import { rawClient, type RawClient } from './raw-http';
import { buildFixture, routeSuiteEnv, staticRootFixture, type Fixture } from './route-fixture';
import { startTestApp, type TestApp } from './test-app';
import { countWrites, type WriteCounter } from './write-counter';

/** What the suites over every route (authorisation matrix, hostile input) run against. */
export interface RouteSuite {
  t: TestApp;
  fake: FakeStripe;
  mux: FakeMux;
  f: Fixture;
  client: RawClient;
  /** The rows each request writes (SQLite: the route suites run there). */
  writes: WriteCounter;
  close(): Promise<void>;
}

/**
 * The app on a fake Stripe and a fake Mux with built pages in its static root, the route fixture
 * (identities, rows to act on), a raw HTTP client and a count of the rows each request writes. `close()` stops whatever was started, so it is
 * safe in afterAll even when the start failed half way.
 */
export async function startRouteSuite(): Promise<RouteSuite> {
  const pages = staticRootFixture();
  const started: Partial<RouteSuite> = {};
  const close = async () => {
    started.writes?.stop();
    started.client?.close();
    await started.t?.close();
    await started.fake?.close();
    await started.mux?.close();
    pages.remove();
  };
  try {
    started.fake = await startFakeStripe();
    started.mux = await startFakeMux();
    started.t = await startTestApp({
      ...fakeStripeEnv(started.fake),
      ...started.mux.env(),
      ...routeSuiteEnv({ STATIC_ROOT: pages.dir }),
    });
    started.writes = countWrites(started.t.ds);
    started.f = await buildFixture(started.t, started.fake);
    started.client = await rawClient(started.t);
  } catch (e) {
    await close();
    throw e;
  }
  return { ...(started as Omit<RouteSuite, 'close'>), close };
}
