import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

/** The rules every screen is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What axe found wrong: the rule, its impact and the elements (CSS selectors, one list per node). */
export interface Violation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TIME_LIMIT_MS = 30_000;

/**
 * axe-core run straight in the page and in each of its same-origin frames, reporting violations
 * only. This replaces @axe-core/playwright, whose every run opened a new page to merge the frames'
 * results and which could wait without end on a frame: a journey stood still for minutes, on the
 * broadcast's mail preview (an `<iframe sandbox srcdoc>`, where no script may run and the preview is
 * replaced as the mentor types). A srcdoc frame is therefore checked from its HTML in a page of its
 * own; cross-origin frames are skipped (their content is not ours, and cannot load here); a frame
 * that does not answer within 30 s fails the check with its address.
 */
export async function axeViolations(page: Page, opts: { tags?: string[]; include?: string } = {}): Promise<Violation[]> {
  const origin = new URL(page.url()).origin;
  const found: Violation[] = [];
  const inFrame = (label: string, v: Violation): Violation => ({
    ...v,
    nodes: v.nodes.map((n) => ({ target: [label, ...n.target] })),
  });
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    if (!main && !frame.url().startsWith(origin + '/')) continue;
    const own = await withinLimit(frame.url(), () => runIn(frame, opts.tags, main ? opts.include : undefined));
    for (const v of own) found.push(main ? v : inFrame(`iframe ${frame.url()}`, v));
  }
  const documents = await page.evaluate(() =>
    Array.from(document.querySelectorAll('iframe[srcdoc]')).map((f) => ({
      title: f.getAttribute('title') ?? '',
      html: f.getAttribute('srcdoc') ?? '',
    })),
  );
  for (const doc of documents) {
    const scratch = await page.context().newPage();
    try {
      await scratch.setViewportSize(page.viewportSize() ?? { width: 1280, height: 900 });
      await scratch.setContent(doc.html, { waitUntil: 'domcontentloaded' });
      const own = await withinLimit(`iframe «${doc.title}»`, () => runIn(scratch.mainFrame(), opts.tags, undefined));
      for (const v of own) found.push(inFrame(`iframe «${doc.title}»`, v));
    } finally {
      await scratch.close();
    }
  }
  return found;
}

async function withinLimit<T>(where: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe did not answer in ${TIME_LIMIT_MS / 1000} s in ${where}`)), TIME_LIMIT_MS);
  });
  const running = run();
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
    running.catch(() => undefined);
  }
}

async function runIn(frame: Frame, tags: string[] | undefined, include: string | undefined): Promise<Violation[]> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(include ? { include: [[include]] } : document, {
        ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
      }));
    },
    { tags, include },
  );
}
