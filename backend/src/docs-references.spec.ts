import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The repository explains itself (docs/architecture.md "Tests"): a comment that cites a decision names
 * a heading of docs/decisions.md that exists, every `docs/<file>.md "Heading"` or `README "Heading"`
 * reference in the code names a heading of that file, and every relative link in the README and in
 * docs/ reaches an existing file and heading.
 */

const ROOT = resolve(__dirname, '..', '..');
const SOURCE_DIRS = ['backend', 'frontend', 'admin', 'contracts', 'e2e', 'bench', 'scripts', '.ci'];
const ROOT_FILES = ['eslint.config.mjs', 'docker-compose.yml', 'Dockerfile', '.env.example', 'package.json'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|sh|ya?ml|json)$|^(run|Dockerfile|\.env\.example)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', 'test-results', 'data', '.git']);
/** Committed migrations are never edited: they may keep the old citation form, with a heading that exists. */
const COMMITTED_MIGRATION = /platform\/database\/migrations\/(mysql|sqlite)\//;
const THIS_FILE = relative(ROOT, __filename).split('\\').join('/');

/** The headings of a Markdown text, outside fenced code blocks. */
export function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) headings.push(m[1]);
  }
  return headings;
}

/** GitHub's anchor of a heading: lower case, markup and punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text, numbered as GitHub numbers repeated headings (`x`, `x-1`, …). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const h of headingsOf(markdown)) {
    const slug = slugOf(h);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The Markdown files a reference may name, by the name the code uses (`docs/decisions.md`, `README`). */
function documents(): Map<string, string> {
  const docs = new Map<string, string>([['README', readFileSync(join(ROOT, 'README.md'), 'utf8')]]);
  for (const name of readdirSync(join(ROOT, 'docs'))) {
    if (name.endsWith('.md')) docs.set(`docs/${name}`, readFileSync(join(ROOT, 'docs', name), 'utf8'));
  }
  return docs;
}

/** What is wrong with the documentation references in one source file's text. */
export function badReferences(text: string, file: string, docs: Map<string, string>): string[] {
  const problems: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const headingExists = (doc: string, heading: string) => {
    const markdown = docs.get(doc);
    return markdown !== undefined && headingsOf(markdown).some((h) => h.replace(/`/g, '') === heading.replace(/`/g, ''));
  };
  for (const m of text.matchAll(/\b(docs\/[\w-]+\.md|README(?:\.md)?|DECISIONS(?:\.md)?)(?:'s)?(\s*(?:\*\s*)?"([^"\n]+)")?/g)) {
    const at = `${file}:${lineOf(m.index)}`;
    const [, cited, , heading] = m;
    if (cited.startsWith('DECISIONS')) {
      if (!COMMITTED_MIGRATION.test(file)) problems.push(`${at}: cite a decision as docs/decisions.md "Heading", not ${cited}`);
      else if (!heading || !headingExists('docs/decisions.md', heading)) {
        problems.push(`${at}: ${cited} ${heading ? `"${heading}"` : 'without a heading'}: no such heading in docs/decisions.md`);
      }
      continue;
    }
    const doc = cited.startsWith('README') ? 'README' : cited;
    if (!docs.has(doc)) problems.push(`${at}: ${cited} does not exist`);
    else if (heading !== undefined && !headingExists(doc, heading)) problems.push(`${at}: ${cited} has no heading "${heading}"`);
    else if (heading === undefined && doc === 'docs/decisions.md')
      problems.push(`${at}: docs/decisions.md cited without a "Heading"`);
  }
  return problems;
}

/** What is wrong with the relative links of one Markdown file (path relative to the repository). */
export function badLinks(markdown: string, file: string, readTarget: (path: string) => string | null): string[] {
  const problems: string[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#', 2);
      const targetFile = path ? join(dirname(file), path).split('\\').join('/') : file;
      const text = path ? readTarget(targetFile) : markdown;
      if (text === null) problems.push(`${file}:${i + 1}: ${target}: no file ${targetFile}`);
      else if (anchor && targetFile.endsWith('.md') && !anchorsOf(text).has(anchor)) {
        problems.push(`${file}:${i + 1}: ${target}: ${targetFile} has no heading #${anchor}`);
      }
    }
  });
  return problems;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(name) ? [path] : [];
  });
}

function readRepoFile(path: string): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

describe('references to the documentation', () => {
  const docs = documents();

  it('finds a cited heading that does not exist, the old citation form, and a link to nowhere', () => {
    const fake = new Map([
      ['docs/decisions.md', '# Decisions\n\n## Attribution\n\n```\n# not a heading\n```\n'],
      ['README', '# Title\n'],
    ]);
    expect(badReferences('// (docs/decisions.md "Attribution")', 'a.ts', fake)).toEqual([]);
    expect(badReferences('// (docs/decisions.md "Atribution")', 'a.ts', fake)).toEqual([
      'a.ts:1: docs/decisions.md has no heading "Atribution"',
    ]);
    expect(badReferences('/**\n * (docs/decisions.md\n * "not a heading") */', 'a.ts', fake)).toHaveLength(1);
    expect(badReferences('// see docs/decisions.md', 'a.ts', fake)).toHaveLength(1);
    expect(badReferences('// (docs/nowhere.md "X")', 'a.ts', fake)).toEqual(['a.ts:1: docs/nowhere.md does not exist']);
    expect(badReferences('// (DECISIONS "Attribution")', 'a.ts', fake)).toHaveLength(1);
    expect(badReferences('// (DECISIONS: demo checkout)', 'a.ts', fake)).toHaveLength(1);
    expect(badReferences('// (README "Backups")', 'a.ts', fake)).toEqual(['a.ts:1: README has no heading "Backups"']);
    const migration = 'backend/src/platform/database/migrations/mysql/1-X.ts';
    expect(badReferences('// (DECISIONS "Attribution")', migration, fake)).toEqual([]);
    expect(badReferences('// (DECISIONS "Gone")', migration, fake)).toHaveLength(1);

    const read = (path: string) => (path === 'docs/decisions.md' ? fake.get('docs/decisions.md')! : null);
    expect(badLinks('[a](decisions.md#attribution) [b](#title) `[c](nowhere.md)`', 'docs/x.md', read)).toEqual([
      'docs/x.md:1: #title: docs/x.md has no heading #title',
    ]);
    expect(badLinks('[a](decisions.md#atribution) [b](gone.md) [c](https://example.no)', 'docs/x.md', read)).toEqual([
      'docs/x.md:1: decisions.md#atribution: docs/decisions.md has no heading #atribution',
      'docs/x.md:1: gone.md: no file docs/gone.md',
    ]);
    expect(slugOf("Payments: card and Klarna (Stripe), Vipps (`npm run bench:scale`) at a size's end")).toBe(
      'payments-card-and-klarna-stripe-vipps-npm-run-benchscale-at-a-sizes-end',
    );
  });

  it('every decision and document a comment cites exists, with its heading', () => {
    const files = [...SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d))), ...ROOT_FILES.map((f) => join(ROOT, f))];
    const problems = files
      .filter((f) => existsSync(f))
      .map((f) => relative(ROOT, f).split('\\').join('/'))
      .filter((f) => f !== THIS_FILE)
      .flatMap((f) => badReferences(readFileSync(join(ROOT, f), 'utf8'), f, docs));
    expect(problems).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });

  it('every relative link of the README and docs/ reaches a file and a heading', () => {
    const pages = ['README.md', ...[...docs.keys()].filter((k) => k.startsWith('docs/'))];
    expect(pages).toEqual(expect.arrayContaining(['docs/decisions.md', 'docs/architecture.md', 'docs/operations.md']));
    const problems = pages.flatMap((p) => badLinks(readFileSync(join(ROOT, p), 'utf8'), p, readRepoFile));
    expect(problems).toEqual([]);
  });
});
