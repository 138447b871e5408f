import { ConfigError, parseEnv } from '../env.schema';

/** What the start would refuse this environment for: ConfigError's problems, none when it parses. For specs. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    parseEnv(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
}
