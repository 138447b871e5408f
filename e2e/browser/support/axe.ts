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
 * axe-core run straight in the page (and in each of its same-origin frames, such as a mail's
 * preview), reporting violations only. This replaces @axe-core/playwright, whose every run opened a
 * new page to merge the frames' results and waited without a limit on frames that never load (the
 * players' external embeds, which this network cannot reach): one such run stood still for minutes.
 * Cross-origin frames are skipped (their content is not ours, and cannot load here); a frame that
 * does not answer within 30 s fails the check with its address.
 */
export async function axeViolations(page: Page, opts: { tags?: string[]; include?: string } = {}): Promise<Violation[]> {
  const origin = new URL(page.url()).origin;
  const frames = page
    .frames()
    .filter((f) => f === page.mainFrame() || f.url() === 'about:srcdoc' || f.url().startsWith(origin + '/'));
  const found: Violation[] = [];
  for (const frame of frames) {
    const main = frame === page.mainFrame();
    const own = await withinLimit(frame, () => runIn(frame, opts.tags, main ? opts.include : undefined));
    for (const v of own)
      found.push(main ? v : { ...v, nodes: v.nodes.map((n) => ({ target: [`iframe ${frame.url()}`, ...n.target] })) });
  }
  return found;
}

async function withinLimit<T>(frame: Frame, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`axe did not answer in ${TIME_LIMIT_MS / 1000} s in ${frame.url()}`)),
      TIME_LIMIT_MS,
    );
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
