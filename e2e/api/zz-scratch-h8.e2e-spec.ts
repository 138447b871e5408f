import { startTestApp, type TestApp } from './support/test-app';
describe('scratch', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0' }); });
  afterAll(() => t.close());
  it('x', async () => {
    for (const path of ['/api/create-user', '/api/leads', '/api/checkout/sessions', '/api/auth/forgot-password', '/api/auth/login']) {
      const res = await t.http().post(path).set('content-type', 'application/json').send('{"email":"\\ud800@example.no","courseType":"starter","trafficSource":"A","source":"/","password":"x","firstName":"a","lastName":"b","paymentMethod":"card","acceptTerms":true,"courseId":"foundation"}');
      console.log(path, res.status, res.text.slice(0, 200));
    }
  });
});
