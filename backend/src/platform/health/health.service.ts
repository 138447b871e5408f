import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class HealthService {
  /**
   * This process's id, in every /api/health answer: the doctor fetches PUBLIC_URL's /api/health and
   * knows it reached this app (and which instance) rather than some other server.
   */
  readonly instance = randomBytes(6).toString('hex');

  /** Set at SIGTERM: the instance is about to stop, so a load balancer should send it nothing new. */
  draining = false;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async pingDatabase(timeoutMs = 2000): Promise<{ ok: boolean; ms: number }> {
    const start = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.ds.query('SELECT 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
      ]);
      return { ok: true, ms: Date.now() - start };
    } catch {
      return { ok: false, ms: Date.now() - start };
    } finally {
      clearTimeout(timer);
    }
  }
}
