import { CAPTIONS_MSG, parseVtt, serializeVtt, transcriptParagraphs } from '@academy/contracts';
import { matchesAll, searchTerms, snippet } from './search-text';

describe('search words and snippets', () => {
  it('takes letters and digits, lower-cased with æ/ø/å kept, without repeats or one-letter words', () => {
    expect(searchTerms('  Likviditet, «ÅPNING» og å  likviditet 50%')).toEqual(['likviditet', 'åpning', 'og', '50']);
  });

  it('matches each word as the start of a word, whatever the case', () => {
    expect(matchesAll('Her ser vi på Likviditeten', ['likviditet'])).toBe(true);
    expect(matchesAll('illikviditet', ['likviditet'])).toBe(false);
    expect(matchesAll('Før åpningen', ['åpning', 'før'])).toBe(true);
    expect(matchesAll('Før apningen', ['åpning'])).toBe(false);
  });

  it('marks the whole matching words, and cuts a long text around the first one', () => {
    expect(snippet('Her ser vi på Likviditeten i ordreboka.', ['likviditet'])).toEqual([
      { text: 'Her ser vi på ', match: false },
      { text: 'Likviditeten', match: true },
      { text: ' i ordreboka.', match: false },
    ]);
    const long = `${'ord '.repeat(60)}spring ${'mer '.repeat(60)}`.trim();
    const parts = snippet(long, ['spring']);
    expect(parts[0].text.startsWith('… ')).toBe(true);
    expect(parts.at(-1)!.text.endsWith(' …')).toBe(true);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['spring']);
  });
});

describe('WebVTT', () => {
  it('reads identifiers, NOTE blocks, times without hours and cue settings, and writes them back', () => {
    const r = parseVtt(
      '\uFEFFWEBVTT - Modul 1\nKind: captions\n\nNOTE laget av Mux\n\nc1\n00:01.000 --> 00:03.500 align:start\n<v Anne>Hei &amp; velkommen</v>\n',
    );
    expect(r).toEqual({
      ok: true,
      cues: [{ startMs: 1000, endMs: 3500, text: '<v Anne>Hei &amp; velkommen</v>', settings: 'align:start' }],
    });
    if (!r.ok) throw new Error('not ok');
    expect(serializeVtt(r.cues)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.500 align:start\n<v Anne>Hei &amp; velkommen</v>\n');
    expect(transcriptParagraphs(r.cues)).toEqual([{ startMs: 1000, text: 'Hei & velkommen' }]);
  });

  it('refuses a bad file with the line', () => {
    expect(parseVtt('WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nKomma\n')).toMatchObject({ ok: false, line: 3 });
    expect(parseVtt('WEBVTT\n\nBare tekst\nuten tid\n')).toMatchObject({
      ok: false,
      line: 3,
      error: CAPTIONS_MSG.missingTiming(3),
    });
    expect(parseVtt('WEBVTT\n')).toMatchObject({ ok: false, error: CAPTIONS_MSG.empty });
    expect(parseVtt(42)).toMatchObject({ ok: false, error: CAPTIONS_MSG.notString });
  });
});
