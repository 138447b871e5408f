import type { DataSource, EntityManager } from 'typeorm';

/** True for MySQL and MariaDB (backtick quoting, ON DUPLICATE KEY, GET_LOCK). */
export function isMysql(ds: DataSource | EntityManager): boolean {
  const type = 'options' in ds && ds.options ? ds.options.type : (ds as EntityManager).connection.options.type;
  return type === 'mysql' || type === 'mariadb';
}
