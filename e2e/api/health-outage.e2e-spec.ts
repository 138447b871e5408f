import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { TcpProxy } from './support/tcp-proxy';
import { createTestDatabase, MYSQL_TEST_SERVER } from './support/test-database';
import { startTestApp, TestApp } from './support/test-app';

/** A MySQL outage, made by cutting a proxy between the app and MariaDB (runs on MariaDB in every run). */
describe('database outage', () => {
  let t: TestApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const server = new URL(MYSQL_TEST_SERVER);
    proxy = new TcpProxy(server.hostname, Number(server.port || 3306));
    await proxy.start();
    const db = await createTestDatabase({ mysql: true });
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    t = await startTestApp({}, { db: { ...db, url: viaProxy.toString() } });
  });
  afterAll(async () => {
    if (!proxy.listening) await proxy.start(proxy.port);
    await t.close();
    await proxy.stop();
  });

  it('health answers 503 while the database is down, API calls 503 with a clear message, and both recover by themselves', async () => {
    await t.http().get('/api/health').expect(200);
    await proxy.stop();
    const down = await t.http().get('/api/health').expect(503);
    expect(down.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', database: 'down' });
    const write = await t.http().post('/api/leads').send({ email: 'nede@example.no', courseType: 'starter', source: '/' });
    expect(write.status).toBe(503);
    expect(write.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
    });

    await proxy.start(proxy.port);
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.http().get('/api/health')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    await t.http().post('/api/leads').send({ email: 'oppe@example.no', courseType: 'starter', source: '/' }).expect(201);
    expect(await t.ds.getRepository(Lead).countBy({ email: 'nede@example.no' })).toBe(0);
    expect(await t.ds.getRepository(Lead).countBy({ email: 'oppe@example.no' })).toBe(1);
  });
});
