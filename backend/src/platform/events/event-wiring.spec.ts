import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..');
/** docs/architecture.md "Events": the table of every event, its emitters and its handlers. */
const EVENTS_DOC = readFileSync(join(SRC, '..', '..', 'docs', 'architecture.md'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** What a hand-made emitter, callback registration or optional wiring looks like. */
const HAND_MADE: Array<[string, RegExp]> = [
  ['a set or list of listeners', /(Set|Array)<[^>]*(Listener|Handler)\b|\b\w*(Listener|Handler)s?\[\]\s*=/],
  ['an emit… method', /^\s*(async\s+)?emit[A-Z]\w*\s*\(/m],
  ['an on…(listener) registration method', /^\s*on[A-Z]\w*\s*\(\s*(listener|handler|l|cb|callback)\b/m],
  ['a callback registered with another service', /\.(on[A-Z]\w*|setGate|countStudentsWith|use[A-Z]\w*)\(\s*(async\s*)?\(/],
  ['an @Optional() injection', /@Optional\(\)/],
  ['an event emitter library', /from ['"](node:)?events['"]|EventEmitter2?\b/],
  ['an event named by a variable', /\.emit(InTransaction)?\(\s*[^'"\s)]/],
];

function offences(text: string): string[] {
  return HAND_MADE.filter(([, re]) => re.test(text)).map(([what]) => what);
}

describe('event wiring: one bus (platform/events)', () => {
  const files = sources(SRC).filter((f) => !relative(SRC, f).startsWith(join('platform', 'events')));

  it('recognises the hand-made emitters it replaced', () => {
    const before = `
      private readonly paid = new Set<OrderListener<OrderEvent>>();
      onPaid(listener: OrderListener<OrderEvent>): () => void {}
      emitPaid(event: OrderEvent): Promise<void> {}
      constructor(@Optional() @Inject(SIGNUP_EVENTS) private readonly events?: SignupEvents) {}
      onModuleInit() { this.hooks.setGate((email) => this.subscribers.mayReceive(email)); }
    `;
    expect(offences(before)).toEqual([
      'a set or list of listeners',
      'an emit… method',
      'an on…(listener) registration method',
      'a callback registered with another service',
      'an @Optional() injection',
    ]);
    expect(offences(`catalog.onChange(() => this.invalidate());`)).toEqual(['a callback registered with another service']);
    expect(offences(`import { EventEmitter } from 'node:events';`)).toEqual(['an event emitter library']);
  });

  it('no module outside platform/events makes an emitter, registers a callback at start-up or injects @Optional()', () => {
    const found = files.flatMap((f) => offences(readFileSync(f, 'utf8')).map((what) => `${relative(SRC, f)}: ${what}`));
    expect(found).toEqual([]);
  });

  it('every handler names its event by its string, and docs/architecture.md lists each handler with its phase', () => {
    const eventMap = readFileSync(join(__dirname, 'event-map.ts'), 'utf8');
    const events = [...eventMap.matchAll(/^\s+'([a-z]+\.[A-Za-z]+)': /gm)].map((m) => m[1]);
    expect(events.length).toBeGreaterThan(10);
    const rows = EVENTS_DOC.split('\n').filter((l) => l.startsWith('| `'));
    for (const e of events) expect(rows.some((r) => r.startsWith(`| \`${e}\``))).toBe(true);
    let handlers = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toMatch(/@OnEvent\(\s*[^'\s]/);
      for (const m of text.matchAll(/@OnEvent\('([^']+)'(, \{ phase: 'in-transaction' \})?\)/g)) {
        handlers++;
        const phase = m[2] ? 'in the transaction' : 'after commit';
        const file = relative(SRC, f).split('\\').join('/');
        const row = rows.find((r) => r.startsWith(`| \`${m[1]}\``) && r.includes(`\`${file}\``) && r.includes(phase));
        expect({ event: m[1], file, phase, inDocs: !!row }).toEqual({ event: m[1], file, phase, inDocs: true });
      }
    }
    expect(handlers).toBeGreaterThan(10);
  });
});
