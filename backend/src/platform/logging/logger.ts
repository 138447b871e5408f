import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';

/**
 * stdout through a buffered, asynchronous writer: at LOG_LEVEL=info every request writes an access
 * line, and one synchronous write(2) per line cost the busiest routes a large share of their
 * capacity (bench/results.md). Lines are written in blocks of 4 KB; what is buffered is written out
 * synchronously when the process exits, whether it ends normally, on a signal or on a crash.
 */
let stdout: DestinationStream | undefined;
function bufferedStdout(): DestinationStream {
  if (stdout) return stdout;
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  stdout = dest;
  process.once('exit', () => {
    try {
      dest.flushSync();
    } catch {
      // Not open yet, or stdout already gone: nothing more can be written.
    }
  });
  return dest;
}

/** The process's logger: JSON lines on stdout, or on `destination` (tests read what was logged). */
export function createPino(level: string, destination?: DestinationStream): Pino {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'cookie', 'password', 'token'],
    serializers: { err: pino.stdSerializers.err },
  };
  return pino(options, destination ?? bufferedStdout());
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/** Nest's logger interface on top of pino: structured JSON lines, one per event. */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const text = rest.filter((p): p is string => typeof p === 'string').join('\n') || undefined;
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, text ?? message.message);
    } else if (message && typeof message === 'object') {
      this.pino[level]({ context, ...(message as Record<string, unknown>) }, text);
    } else {
      this.pino[level]({ context, ...(level === 'error' && text ? { stack: text } : {}) }, String(message));
    }
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
  setLogLevels(_levels: LogLevel[]): void {}
}
