import { Injectable, Logger } from '@nestjs/common';

/**
 * What happened to an account's credentials: the owner proved the address (a one-time link or a
 * completed reset), or changed the password. Anything keyed to the old credentials (a calendar
 * feed's secret address) is replaced then.
 */
export type CredentialChange = 'claimed' | 'password-changed';

type Handler = (userId: number, change: CredentialChange) => Promise<void>;

/**
 * The one place identity announces credential changes. Modules that depend on identity register a
 * handler when they start (identity imports none of them); every handler runs, in order, before the
 * request that changed the credentials answers. A failing handler is logged and the others still run.
 */
@Injectable()
export class CredentialEvents {
  private readonly logger = new Logger('Credentials');
  private readonly handlers: Handler[] = [];

  onChange(handler: Handler): void {
    this.handlers.push(handler);
  }

  async changed(userId: number, change: CredentialChange): Promise<void> {
    for (const handler of this.handlers) {
      try {
        await handler(userId, change);
      } catch (e) {
        this.logger.error(`Etter ${change} for konto ${userId}: ${(e as Error).message}`);
      }
    }
  }
}
