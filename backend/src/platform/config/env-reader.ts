import { looksLikeEmail } from '@academy/contracts';

/**
 * The one reader every integration's configuration is read with. It answers typed values for the
 * variables it is asked about, collects what is wrong as Norwegian lines that start with the
 * variable's name (the start stops on them, see ConfigError), and remembers every name it was asked
 * about, so `.env.example` can be checked against what the readers really read.
 */
export type Env = Record<string, string | undefined>;

export type NodeEnv = 'development' | 'production' | 'test';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Ugyldig konfigurasjon:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];

/**
 * A URL-shaped setting as it may be shown (start-up problems, the doctor): whatever stands before
 * its last `@` (user name and password, as DATABASE_URL has always been shown) becomes `***`, and so
 * does every query value. Also when the value does not parse: `apikey:SECRET@smtp.example.net:587`
 * (no scheme) is `***@smtp.example.net:587`.
 */
export function maskUrl(value: string): string {
  return value
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, (_m, scheme: string | undefined) => `${scheme ?? ''}***@`)
    .replace(/([?&][^=&#]+)=[^&#]*/g, '$1=***');
}

/** "a, b eller c" */
const either = (values: readonly string[]): string =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} eller ${values[values.length - 1]}`;

export class EnvReader {
  /** What is wrong, one line per problem, each starting with the variable's name. */
  readonly problems: string[] = [];
  /** Every variable asked about; a family read by its prefix is recorded as `PREFIX_*`. */
  readonly names = new Set<string>();
  /** NODE_ENV (default development), which several readers' defaults and requirements depend on. */
  readonly nodeEnv: NodeEnv;

  constructor(private readonly env: Env) {
    this.nodeEnv = this.oneOf('NODE_ENV', NODE_ENVS, 'development');
  }

  get production(): boolean {
    return this.nodeEnv === 'production';
  }

  /** Adds a problem; the text starts with the variable's name. */
  problem(text: string): void {
    this.problems.push(text);
  }

  /** The trimmed value, or null when unset or empty. */
  str(name: string): string | null {
    this.names.add(name);
    const v = this.env[name];
    if (v === undefined) return null;
    const t = v.trim();
    return t === '' ? null : t;
  }

  int(name: string, def: number, min: number, max: number): number {
    const v = this.str(name);
    if (v === null) return def;
    if (!/^\d+$/.test(v)) {
      this.problem(`${name}: må være et heltall, fikk "${v}"`);
      return def;
    }
    const n = Number(v);
    if (n < min || n > max) this.problem(`${name}: må være mellom ${min} og ${max}, fikk ${n}`);
    return n;
  }

  bool(name: string, def: boolean): boolean {
    const v = this.str(name);
    if (v === null) return def;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    this.problem(`${name}: må være true eller false, fikk "${v}"`);
    return def;
  }

  /** An e-mail address, lower-cased. */
  email<D extends string | null>(name: string, def: D): string | D {
    const v = this.str(name);
    if (v === null) return def;
    if (!looksLikeEmail(v)) this.problem(`${name}: må være en e-postadresse, fikk "${v}"`);
    return v.toLowerCase();
  }

  /** A URL with one of `protocols`, as written. */
  url<D extends string | null>(name: string, def: D, protocols = ['http:', 'https:']): string | D {
    const v = this.str(name);
    if (v === null) return def;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return v;
    } catch {
      this.problem(`${name}: må være en URL (${protocols.join(' eller ')}), fikk "${maskUrl(v)}"`);
      return def;
    }
  }

  /** One of `values`; `hint` words the problem when it is none of them (default: «må være a, b eller c, fikk "x"»). */
  oneOf<T extends string>(name: string, values: readonly T[], def: T, hint?: string): T {
    const v = this.str(name);
    if (v === null) return def;
    if ((values as readonly string[]).includes(v)) return v as T;
    this.problem(`${name}: ${hint ?? `må være ${either(values)}, fikk "${v}"`}`);
    return def;
  }

  /** The set variables whose names start with `prefix`, sorted (recorded as the family `PREFIX*`). */
  namesStartingWith(prefix: string): string[] {
    this.names.add(`${prefix}*`);
    return Object.keys(this.env)
      .filter((k) => k.startsWith(prefix) && this.str(k) !== null)
      .sort();
  }

  /**
   * Variables that go together, all or none: their values when all are set, `'none'` when none is,
   * and `'partial'` (with a problem naming the missing ones) when only some are; `count` words it («alle fire»).
   */
  group<const K extends readonly string[]>(names: K, count: string): { [I in keyof K]: string } | 'none' | 'partial' {
    const values = names.map((n) => this.str(n));
    const set = names.filter((_n, i) => values[i] !== null);
    if (set.length === 0) return 'none';
    if (set.length < names.length) {
      this.problem(
        `${names.filter((_n, i) => values[i] === null).join(', ')}: påkrevd når ${set.join(', ')} er satt (${count} eller ingen)`,
      );
      return 'partial';
    }
    return values as { [I in keyof K]: string };
  }
}
