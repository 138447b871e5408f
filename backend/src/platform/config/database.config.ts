import { maskUrl, type EnvReader } from './env-reader';
import { PLACEHOLDER_WORDS } from './security.config';

/** DATABASE_URL (mysql:// or sqlite:) and DATABASE_POOL_SIZE. */
export interface DatabaseConfig {
  databaseUrl: string;
  dialect: 'mysql' | 'sqlite';
  /** MySQL connections per instance. */
  databasePoolSize: number;
}

export function readDatabase(env: EnvReader): DatabaseConfig {
  const databaseUrl = env.str('DATABASE_URL') ?? 'sqlite:data/app.sqlite';
  let dialect: DatabaseConfig['dialect'] = 'sqlite';
  if (databaseUrl.startsWith('sqlite:')) {
    if (databaseUrl.length <= 'sqlite:'.length)
      env.problem('DATABASE_URL: sqlite: trenger en filsti, f.eks. sqlite:data/app.sqlite');
  } else if (/^(mysql|mariadb):\/\//.test(databaseUrl)) {
    dialect = 'mysql';
    try {
      const u = new URL(databaseUrl);
      if (!u.hostname) throw new Error('host');
      if (!u.pathname || u.pathname === '/')
        env.problem('DATABASE_URL: mangler databasenavn (mysql://bruker:passord@vert:3306/database)');
      if (env.production && PLACEHOLDER_WORDS.test(decodeURIComponent(u.password)))
        env.problem('DATABASE_URL: passordet er eksempelverdien fra .env.example; bruk MySQL-brukerens ekte passord');
    } catch {
      env.problem('DATABASE_URL: ugyldig mysql-URL (mysql://bruker:passord@vert:3306/database)');
    }
  } else {
    env.problem(`DATABASE_URL: må starte med mysql:// eller sqlite:, fikk "${maskUrl(databaseUrl)}"`);
  }
  return { databaseUrl, dialect, databasePoolSize: env.int('DATABASE_POOL_SIZE', 10, 1, 500) };
}
