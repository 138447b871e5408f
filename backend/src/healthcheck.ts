/** Docker HEALTHCHECK: exits 0 when /api/health answers 200. */
import { request } from 'node:http';

const port = Number(process.env.PORT ?? 3000);
const req = request({ host: '127.0.0.1', port, path: '/api/health', timeout: 4000 }, (res) => {
  res.resume();
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => req.destroy());
req.on('error', () => process.exit(1));
req.end();
