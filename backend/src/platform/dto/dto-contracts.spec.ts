import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..');

/** Every DTO file: in a `dto` folder, or named `*.dto.ts`; specs left out. */
function dtoFiles(dir: string, inDto = false): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...dtoFiles(p, inDto || e.name === 'dto'));
    else if (/\.ts$/.test(e.name) && !/\.spec\.ts$/.test(e.name) && (inDto || /\.dto\.ts$/.test(e.name))) out.push(p);
  }
  return out;
}

/** The names a file imports from @academy/contracts. */
function contractNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@academy\/contracts'/g))
    for (const part of m[1].split(','))
      names.add(
        part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  names.delete('');
  return names;
}

/** `class X … {` declarations of a file, with what they implement. */
export function dtoClassesWithoutContract(source: string): string[] {
  const contracts = contractNames(source);
  const missing: string[] = [];
  for (const m of source.matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s+(\w+)([^{]*)\{/gm)) {
    const implemented = /\bimplements\s+([^{]+)/.exec(m[2])?.[1] ?? '';
    const names = implemented.split(',').map((n) => n.replace(/<.*$/, '').trim());
    if (!names.some((n) => contracts.has(n))) missing.push(m[1]);
  }
  return missing;
}

describe('request bodies are contract types', () => {
  const files = dtoFiles(SRC);

  it('finds the DTO files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('every DTO class implements a type of @academy/contracts (the body the storefront or the admin panel sends)', () => {
    const missing = files.flatMap((f) =>
      dtoClassesWithoutContract(readFileSync(f, 'utf8')).map((c) => `${relative(SRC, f)}: ${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('the scan itself tells a class without one from a class with one', () => {
    const src = [
      "import type { LoginRequest } from '@academy/contracts';",
      "import { Local } from './local';",
      'export class A implements LoginRequest {}',
      'export class B {}',
      'export class C extends A implements Local {}',
      'class D extends A implements Local, LoginRequest {}',
    ].join('\n');
    expect(dtoClassesWithoutContract(src)).toEqual(['B', 'C']);
  });
});
