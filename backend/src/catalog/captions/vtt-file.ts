import { WebVTTParser, type Error as VttError } from 'webvtt-parser';
import {
  CAPTION_CUE_MAX_CHARS,
  CAPTIONS_MAX_BYTES,
  CAPTIONS_MSG,
  VTT_MSG,
  parseVttTime,
  type CaptionCue,
} from '@academy/contracts';

/** A file students may get: its cues in file order, and the file itself, exactly as given. */
export type VttFileResult = { ok: true; cues: CaptionCue[]; vtt: string } | { ok: false; error: string; line: number | null };

const NEWLINE = /\r\n|\r|\n/;
const BLOCK_KEYWORD = (word: string) => new RegExp(`^${word}(?:$|[ \\t])`);
const IS_NOTE = BLOCK_KEYWORD('NOTE');
const IS_STYLE = BLOCK_KEYWORD('STYLE');
const IS_REGION = BLOCK_KEYWORD('REGION');
const REGION_SETTING = /^(id|width|lines|regionanchor|viewportanchor|scroll):\S+$/;
/** A cue's `region:<id>` setting on its timing line. */
const REGION_CUE_SETTING = /(^|[ \t])region:(\S*)/g;

/** The parser's objections to a timing line, as a Norwegian detail. */
const TIMING_DETAIL: Record<string, string> = {
  'No timestamp found.': 'mangler tid',
  'Timestamp must start with a character in the range 0-9.': 'en tid må begynne med et siffer',
  'No time unit separator found.': 'mangler «:» mellom timer, minutter og sekunder',
  'Must be exactly two digits.': 'minutter og sekunder må ha to sifre',
  'No seconds found or minutes is greater than 59.': 'mangler sekunder, eller minuttene er over 59',
  'No decimal separator (".") found.': 'mangler «.» før millisekundene',
  'Milliseconds must be given in three digits.': 'millisekundene må ha tre sifre',
  'You cannot have more than 59 minutes.': 'minuttene kan ikke være over 59',
  'You cannot have more than 59 seconds.': 'sekundene kan ikke være over 59',
  "Timestamp not separated from '-->' by whitespace.": 'det må være mellomrom før «-->»',
  "'-->' not separated from timestamp by whitespace.": 'det må være mellomrom etter «-->»',
  'No valid timestamp separator found.': 'mangler « --> » mellom start og slutt',
  'Timestamp must not have trailing characters.': 'tegn rett etter tiden',
};

/** The parser's objections to cue settings (`align:middle`), as a Norwegian detail. */
const SETTING_DETAIL: Record<string, string> = {
  'Duplicate setting.': 'samme innstilling to ganger',
  'No value for setting defined.': 'innstillingen mangler verdi (skriv navn:verdi)',
  "Writing direction can only be set to 'rl' or 'rl'.": 'vertical kan være rl eller lr',
  'Line position takes a number or percentage.': 'line må være et tall eller en prosent',
  "Line position can only have '-' at the start.": 'line kan bare ha «-» først',
  "Line position can only have '%' at the end.": 'line kan bare ha «%» til slutt',
  'Line position cannot be a negative percentage.': 'line kan ikke være en negativ prosent',
  'Line position cannot be >100%.': 'line kan ikke være over 100 %',
  'Line position needs to be a number': 'line og position må være tall',
  'Line alignment needs to be one of start, center or end': 'line-justering kan være start, center eller end',
  'Text position must be a percentage.': 'position må være en prosent',
  'Text position needs to be between 0 and 100%.': 'position må være mellom 0 og 100 %',
  'Position alignment needs to be one of line-left, center or line-right':
    'position-justering kan være line-left, center eller line-right',
  'Size must be a percentage.': 'size må være en prosent',
  'Size cannot be >100%.': 'size kan ikke være over 100 %',
  'Size needs to be a number': 'size må være et tall',
  'Size needs to be between 0 and 100%.': 'size må være mellom 0 og 100 %',
  'Alignment can only be set to one of start, center, end, left, right.': 'align kan være start, center, end, left eller right',
  'Invalid setting.': 'ukjent innstilling (bruk vertical, line, position, size, align eller region)',
};

/** The cue text parser's objections, each to its Norwegian message. */
const TEXT_MESSAGE: Record<string, (line: number) => string> = {
  'Incorrect escape.': VTT_MSG.badEscape,
  '<v> requires an annotation.': VTT_MSG.voiceWithoutName,
  '<v> cannot be nested inside itself.': VTT_MSG.voiceNested,
  'Only <v> and <lang> can have an annotation.': VTT_MSG.annotationNotAllowed,
  'Incorrect start tag.': VTT_MSG.unknownTag,
  'Incorrect end tag.': VTT_MSG.wrongEndTag,
  'Required end tag missing.': VTT_MSG.unclosedTag,
  'Timestamp must be between start timestamp and end timestamp.': VTT_MSG.innerTimestamp,
  'Timestamp must be greater than any previous timestamp.': VTT_MSG.innerTimestamp,
};

interface Block {
  /** 0-based index of the block's first line; `end` is one past its last. */
  start: number;
  end: number;
}

function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** The blocks of lines between empty lines, after the header (the first block). */
function blocksOf(lines: string[]): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    const start = i;
    while (i < lines.length && lines[i] !== '') i++;
    out.push({ start, end: i });
  }
  return out;
}

const isCueBlock = (lines: string[], b: Block) =>
  lines[b.start].includes('-->') || (b.end - b.start > 1 && lines[b.start + 1].includes('-->'));

type Failure = { ok: false; error: string; line: number | null };
const fail = (error: string, line: number | null): Failure => ({ ok: false, error, line });

/**
 * REGION blocks (the W3C parser this checks with does not know them yet): each setting line is
 * checked here, and for the parser the block is a comment and a cue's `region:` setting spaces, so
 * every other line and column stays where it is. A REGION after the first cue, or a cue naming a
 * region no block defines, is refused.
 */
function prepareRegions(lines: string[], blocks: Block[]): string[] | Failure {
  const prepared = [...lines];
  const regions = new Set<string>();
  let seenCue = false;
  for (const b of blocks.slice(1)) {
    if (isCueBlock(lines, b)) {
      seenCue = true;
      continue;
    }
    if (!IS_REGION.test(lines[b.start])) continue;
    if (seenCue) return fail(VTT_MSG.regionAfterCue(b.start + 1), b.start + 1);
    prepared[b.start] = `NOTE${lines[b.start].slice('REGION'.length)}`;
    for (let i = b.start + 1; i < b.end; i++)
      for (const setting of lines[i].split(/[ \t]+/).filter(Boolean)) {
        if (!REGION_SETTING.test(setting)) return fail(VTT_MSG.regionSetting(i + 1, setting), i + 1);
        if (setting.startsWith('id:')) regions.add(setting.slice(3));
      }
  }
  for (const b of blocks.slice(1)) {
    if (!isCueBlock(lines, b)) continue;
    const t = lines[b.start].includes('-->') ? b.start : b.start + 1;
    for (const m of lines[t].matchAll(REGION_CUE_SETTING)) {
      if (!regions.has(m[2])) return fail(VTT_MSG.unknownRegion(t + 1, m[2]), t + 1);
    }
    prepared[t] = lines[t].replace(REGION_CUE_SETTING, (all) => ' '.repeat(all.length));
  }
  return prepared;
}

/** The first line of the block that holds 0-based line `i` (walking up to the empty line above it). */
function blockStartAbove(lines: string[], i: number): number {
  let k = Math.min(i, lines.length - 1);
  while (k > 0 && lines[k - 1] !== '') k--;
  return k;
}

/** A structural objection (header, blocks, timings, settings) in Norwegian, at the line it concerns. */
function structural(e: VttError, lines: string[]): Failure {
  const at = e.line; // 1-based
  const text = (n: number) => lines[n - 1] ?? '';
  switch (e.message) {
    case 'No valid signature. (File needs to start with "WEBVTT".)':
      return fail(CAPTIONS_MSG.header, 1);
    case 'No blank line after the signature.':
      return fail(VTT_MSG.blankAfterHeader(at), at);
    case 'Cannot have timestamp in a comment.':
      return fail(VTT_MSG.arrowInNote(at), at);
    case 'Cannot have timestamp in a style block.':
      return fail(VTT_MSG.arrowInStyle(at), at);
    case 'Style blocks cannot appear after the first cue.': {
      // Reported on the line after the block.
      const start = blockStartAbove(lines, at - 2) + 1;
      return fail(VTT_MSG.styleAfterCue(start), start);
    }
    case 'Cue identifier cannot be standalone.':
    case 'Cue identifier needs to be followed by timestamp.':
      // Reported on the line after the lone line.
      return fail(VTT_MSG.strayText(at - 1, text(at - 1)), at - 1);
    case 'Blank line missing before cue.':
      return fail(VTT_MSG.missingBlankBeforeCue(at), at);
    case 'End timestamp is not greater than start timestamp.':
      return fail(CAPTIONS_MSG.endBeforeStart(at), at);
    case 'Start timestamp is not greater than or equal to start timestamp of previous cue.':
      return fail(CAPTIONS_MSG.notMonotonic(at), at);
  }
  const timing = TIMING_DETAIL[e.message];
  if (timing) return fail(VTT_MSG.badTiming(at, text(at).trim(), timing), at);
  const setting = SETTING_DETAIL[e.message];
  if (setting) {
    const settings = /-->[ \t\f]*\S+(.*)$/.exec(text(at))?.[1].trim() ?? text(at).trim();
    return fail(VTT_MSG.badSetting(at, settings, setting), at);
  }
  return fail(VTT_MSG.other(at, e.message), at);
}

/**
 * An objection of the cue text parser. It reports the line after the cue's text and the column in
 * the text (its lines joined); this finds the text's own line.
 */
function textObjection(e: VttError, lines: string[], cueTextStarts: Map<number, number>): Failure {
  const after = e.line - 1; // 0-based: the line after the text
  const start = cueTextStarts.get(after) ?? blockStartAbove(lines, after - 1);
  const text = lines.slice(start, after).join('\n');
  const offset = Math.max(0, Math.min(text.length, e.col - 2));
  const line = start + 1 + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
  const message = TEXT_MESSAGE[e.message];
  return fail(message ? message(line) : VTT_MSG.other(line, e.message), line);
}

const earliest = (errors: VttError[]) => errors.reduce((a, b) => (b.line < a.line ? b : a));

/**
 * Checks a WebVTT file with the W3C WebVTT parser (webvtt-parser, by the spec's editor): the
 * file is accepted only when the parser has no objection (the header, blocks, timings, cue
 * settings, the markup and escapes of the text), with the 2 MB and per-cue limits on top. REGION
 * blocks, which that parser does not know yet, are checked here. What comes back is the file as
 * given (header text, identifiers, NOTE, STYLE and REGION blocks kept) and its cues in file order.
 */
export function readVttFile(input: unknown): VttFileResult {
  if (typeof input !== 'string') return fail(CAPTIONS_MSG.notString, null);
  if (utf8Bytes(input) > CAPTIONS_MAX_BYTES) return fail(CAPTIONS_MSG.tooLarge, null);
  const lines = input.split(NEWLINE);
  const blocks = blocksOf(lines);
  const prepared = prepareRegions(lines, blocks);
  if (!Array.isArray(prepared)) return prepared;
  const source = prepared.join('\n');
  const parser = new WebVTTParser();
  // "metadata": the cue text parser stays silent, so these are the file's structure and timings.
  const structure = parser.parse(source, 'metadata').errors;
  if (structure.length) return structural(earliest(structure), lines);

  // The structure is sound: blocks are exactly what the parser read. The cues, in file order.
  const cues: CaptionCue[] = [];
  const cueTextStarts = new Map<number, number>();
  const cueLines: Array<{ timing: number; textStart: number; end: number }> = [];
  for (const b of blocks.slice(1)) {
    if (!isCueBlock(lines, b) || IS_NOTE.test(lines[b.start]) || IS_STYLE.test(lines[b.start])) continue;
    const timing = lines[b.start].includes('-->') ? b.start : b.start + 1;
    cueLines.push({ timing, textStart: timing + 1, end: b.end });
    cueTextStarts.set(b.end, timing + 1);
  }
  const text = parser.parse(source).errors;
  if (text.length) return textObjection(earliest(text), lines, cueTextStarts);

  for (const c of cueLines) {
    const tm = /^[ \t\f]*(\S+)[ \t\f]+-->[ \t\f]+(\S+)(.*)$/.exec(lines[c.timing]);
    const startMs = tm ? parseVttTime(tm[1]) : null;
    const endMs = tm ? parseVttTime(tm[2]) : null;
    if (!tm || startMs === null || endMs === null)
      return fail(CAPTIONS_MSG.badTiming(c.timing + 1, lines[c.timing].trim()), c.timing + 1);
    const body = lines.slice(c.textStart, c.end).join('\n');
    if (body.length > CAPTION_CUE_MAX_CHARS) return fail(CAPTIONS_MSG.cueTooLong(c.textStart + 1), c.textStart + 1);
    cues.push({ startMs, endMs, text: body, settings: tm[3].trim() });
  }
  if (!cues.length) return fail(CAPTIONS_MSG.empty, null);
  return { ok: true, cues, vtt: input };
}
