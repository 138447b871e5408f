import { CAPTIONS_MSG, VTT_MSG, spliceVtt } from '@academy/contracts';
import { readVttFile } from './vtt-file';

const cue = (text: string, timing = '00:00:01.000 --> 00:00:02.000') => `WEBVTT\n\n${timing}\n${text}\n`;
const refused = (vtt: unknown) => {
  const r = readVttFile(vtt);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(vtt)}`);
  return { error: r.error, line: r.line };
};

describe('readVttFile: WebVTT checked by the W3C parser, the file kept as given', () => {
  it('refuses what the W3C parser refuses, naming the line in Norwegian', () => {
    expect(refused(cue('Hei', '00:00:01.000 --> 00:00:02.000 align:middle'))).toEqual({
      error: VTT_MSG.badSetting(3, 'align:middle', 'align kan være start, center, end, left eller right'),
      line: 3,
    });
    expect(refused(cue('Hei', '00:00:01.000 --> 00:00:02.000 farge:rød')).error).toContain('ukjent innstilling');
    expect(refused(cue('Kjøp & selg'))).toEqual({ error: VTT_MSG.badEscape(4), line: 4 });
    expect(refused(cue('Første linje\n<v>Hei</v>'))).toEqual({ error: VTT_MSG.voiceWithoutName(5), line: 5 });
    expect(refused(cue('<i>Ikke lukket'))).toEqual({ error: VTT_MSG.unclosedTag(4), line: 4 });
    expect(refused(cue('Hei', '00:00:01.000 --> 00:00:02.00'))).toEqual({
      error: VTT_MSG.badTiming(3, '00:00:01.000 --> 00:00:02.00', 'millisekundene må ha tre sifre'),
      line: 3,
    });
    expect(refused('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBaklengs\n')).toEqual({
      error: CAPTIONS_MSG.endBeforeStart(3),
      line: 3,
    });
    expect(refused('WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nEn\n\n00:00:01.000 --> 00:00:02.000\nTo\n')).toEqual({
      error: CAPTIONS_MSG.notMonotonic(6),
      line: 6,
    });
    expect(refused('1\n00:00:01.000 --> 00:00:02.000\nHei')).toEqual({ error: CAPTIONS_MSG.header, line: 1 });
  });

  it('says what is wrong where: a missing blank line after WEBVTT, text after an empty line, a missing blank line between cues', () => {
    expect(refused('WEBVTT\n00:00:01.000 --> 00:00:02.000\nHei\n')).toEqual({ error: VTT_MSG.blankAfterHeader(2), line: 2 });
    expect(refused(cue('A\n\nB'))).toEqual({ error: VTT_MSG.strayText(6, 'B'), line: 6 });
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n00:00:03.000 --> 00:00:04.000\nB\n')).toEqual({
      error: VTT_MSG.missingBlankBeforeCue(5),
      line: 5,
    });
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\nSTYLE\n::cue { color: red }\n')).toEqual({
      error: VTT_MSG.styleAfterCue(6),
      line: 6,
    });
    expect(refused('WEBVTT\n\n')).toEqual({ error: CAPTIONS_MSG.empty, line: null });
    expect(refused(42)).toEqual({ error: CAPTIONS_MSG.notString, line: null });
  });

  it('accepts a valid file with a line of spaces inside a cue, and keeps header, identifiers, NOTE, STYLE and REGION', () => {
    const file = [
      'WEBVTT - Markedsstruktur, modul 1',
      '',
      'NOTE Rettet av mentor 12. mars',
      '',
      'STYLE',
      '::cue(.viktig) { color: yellow }',
      '',
      'REGION',
      'id:nederst width:80% lines:2 regionanchor:0%,100% viewportanchor:10%,90% scroll:up',
      '',
      'intro',
      '00:00:01.000 --> 00:00:04.000 region:nederst align:start',
      '<v Anne>Velkommen</v> til <c.viktig>modulen</c>',
      '   ',
      'om markedsstruktur &amp; likviditet.',
      '',
      'NOTE Neste del',
      '',
      '00:00:05.000 --> 00:00:06.000',
      'Slutt',
      '',
    ].join('\r\n');
    const r = readVttFile(file);
    expect(r).toEqual({
      ok: true,
      vtt: file,
      cues: [
        {
          startMs: 1000,
          endMs: 4000,
          settings: 'region:nederst align:start',
          text: '<v Anne>Velkommen</v> til <c.viktig>modulen</c>\n   \nom markedsstruktur &amp; likviditet.',
        },
        { startMs: 5000, endMs: 6000, settings: '', text: 'Slutt' },
      ],
    });
  });

  it('checks REGION blocks itself: only before the first cue, known settings, regions that exist', () => {
    expect(refused('WEBVTT\n\nREGION\nid:a farge:rød\n\n00:00:01.000 --> 00:00:02.000\nHei\n')).toEqual({
      error: VTT_MSG.regionSetting(4, 'farge:rød'),
      line: 4,
    });
    expect(refused(cue('Hei', '00:00:01.000 --> 00:00:02.000 region:ukjent'))).toEqual({
      error: VTT_MSG.unknownRegion(3, 'ukjent'),
      line: 3,
    });
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHei\n\nREGION\nid:a\n')).toEqual({
      error: VTT_MSG.regionAfterCue(6),
      line: 6,
    });
  });

  it('a line corrected in the panel is put back into the file, every block and identifier kept', () => {
    const file =
      'WEBVTT - Modul 1\n\nNOTE Rettet\n\nintro\n00:00:01.000 --> 00:00:04.000 align:start\nVelkommen\n   \ntil modulen\n\n00:00:05.000 --> 00:00:06.000\nSlutt\n';
    const read = readVttFile(file);
    if (!read.ok) throw new Error(read.error);
    const cues = read.cues.map((c, i) => (i === 1 ? { ...c, startMs: 5500, text: 'Slutt for i dag' } : c));
    const spliced = spliceVtt(file, cues)!;
    expect(spliced).toBe(
      'WEBVTT - Modul 1\n\nNOTE Rettet\n\nintro\n00:00:01.000 --> 00:00:04.000 align:start\nVelkommen\n   \ntil modulen\n\n00:00:05.500 --> 00:00:06.000\nSlutt for i dag\n',
    );
    expect(readVttFile(spliced)).toMatchObject({ ok: true });
    // Another number of lines: written out anew by the caller.
    expect(spliceVtt(file, cues.slice(1))).toBeNull();
  });
});
