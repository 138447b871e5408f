import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Counts state-changing requests per client address; reads are not limited. */
@Injectable()
export class WriteThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ method: string }>();
    return SAFE.has(req.method);
  }
}
