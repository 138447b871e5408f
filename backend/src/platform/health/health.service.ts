import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class HealthService {
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
