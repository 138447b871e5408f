/**
 * The admin panel speaks Norwegian about the audit log (issue 22): every action the server writes
 * has a label, so the mentor never sees a key like `live_session.create`. The actions are found in
 * backend/src (every `audit.record(…)` call and every `…_AUDIT_ACTION` constant), so a new action
 * without a label fails here. No server or browser needed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from '@academy/contracts';
import { ACTION_LABELS, ENTITY_LABELS } from '../../admin/src/lib/labels';
import { REPO_ROOT } from '../support/server';

const BACKEND = join(REPO_ROOT, 'backend', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const KEY = /^[a-z_]+(\.[a-z_-]+)+$/;

/** Every audit action key the backend can write, and where it is written. */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  const constants = new Map<string, string>();
  const files = sourceFiles(BACKEND).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  for (const { text } of files)
    for (const m of text.matchAll(/export const (\w+_AUDIT_ACTION)\s*=\s*'([^']+)'/g)) constants.set(m[1], m[2]);
  for (const { path, text } of files) {
    const where = path.slice(REPO_ROOT.length + 1);
    for (const call of text.matchAll(/\baudit\.record\(/g)) {
      const rest = text.slice(call.index, call.index + 1200);
      const action = /\baction:\s*([^\n]*?)(?:,\s*entity:|,?\s*$)/m.exec(rest);
      if (!action) throw new Error(`${where}: an audit.record call without an 'action:' the test can read`);
      const expr = action[1];
      const literals = [...expr.matchAll(/'([^']+)'/g)].map((l) => l[1]);
      const named = constants.get(expr.trim());
      // A parameter (`action satisfies AuditAction`) in a file that declares its *_AUDIT_ACTION
      // constants: those constants are the keys (collected below).
      const ownConstants = /^action\b/.test(expr.trim()) && /export const \w+_AUDIT_ACTION\s*=/.test(text);
      if (ownConstants) continue;
      const keys = literals.length > 0 ? literals : named ? [named] : [];
      if (keys.length === 0) throw new Error(`${where}: audit action \`${expr}\` is neither a string nor a known *_AUDIT_ACTION`);
      for (const k of keys) found.set(k, where);
    }
  }
  for (const [name, key] of constants) found.set(key, name);
  return found;
}

describe('audit log labels', () => {
  const actions = writtenActions();

  it('finds the actions the backend writes', () => {
    // A sanity check on the search itself: these are written today.
    for (const k of ['order.refund', 'grant.create', 'live_session.create', 'broadcast.created', 'user.email-duplicate'])
      expect(actions.has(k)).toBe(true);
    for (const k of actions.keys()) expect(k).toMatch(KEY);
  });

  it('every action the backend writes has a Norwegian label in the panel', () => {
    const labels: Record<string, string> = ACTION_LABELS;
    const missing = [...actions].filter(([k]) => !labels[k] || labels[k] === k).map(([k, w]) => `${k} (${w})`);
    expect(missing).toEqual([]);
    // …and no label is left for an action nobody writes any more.
    expect(Object.keys(ACTION_LABELS).filter((k) => !actions.has(k))).toEqual([]);
  });

  it("every action the backend writes can be chosen in the log's action filter (the API accepts it)", () => {
    // The panel's filter offers AUDIT_ACTIONS, and GET /api/admin/audit-log takes only those.
    expect([...actions.keys()].filter((k) => !(AUDIT_ACTIONS as readonly string[]).includes(k))).toEqual([]);
    expect(AUDIT_ACTIONS.filter((k) => !actions.has(k))).toEqual([]);
  });

  it('every kind of record in the log has a Norwegian name', () => {
    const source = readFileSync(join(BACKEND, 'platform', 'audit', 'audit.service.ts'), 'utf8');
    const union = /export type AuditEntity =([^;]+);/.exec(source)?.[1] ?? '';
    const entities = [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(entities.length).toBeGreaterThan(5);
    expect(entities.filter((e) => !ENTITY_LABELS[e])).toEqual([]);
  });
});
