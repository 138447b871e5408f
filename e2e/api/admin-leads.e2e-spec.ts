import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { adminAgent, createUser, insertLead, insertOrder, listQuery } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

/** supertest: keep the body as raw bytes (to see the BOM). */
function binary(res: NodeJS.ReadableStream & { setEncoding(e: string): void }, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('admin API: leads', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;
  let adminEmail: string;
  const tag = `csv-${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId, email: adminEmail } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('GET /api/admin/leads/:id shows one lead; an unknown id is 404', async () => {
    const lead = await insertLead(t, { email: `vis-${tag}@example.no`, trafficSource: 'C', utmCampaign: 'høst' });
    const res = await admin.get(`/api/admin/leads/${lead.id}`).expect(200);
    expect(res.body).toMatchObject({
      id: lead.id,
      email: `vis-${tag}@example.no`,
      trafficSource: 'C',
      utmCampaign: 'høst',
      contacted: false,
      note: null,
      hasAccount: false,
      hasBought: false,
    });
    const missing = await admin.get('/api/admin/leads/999999').expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Fant ikke leadet' });
  });

  it('PUT and PATCH set the note and "kontaktet", with an audit row holding before and after', async () => {
    const lead = await insertLead(t, { email: `notat-${tag}@example.no` });
    const put = await admin.put(`/api/admin/leads/${lead.id}`).send({ contacted: true, note: '  Ringte, vil ha Foundation  ' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: lead.id, contacted: true, note: 'Ringte, vil ha Foundation' });
    const patch = await admin.patch(`/api/admin/leads/${lead.id}`).send({ note: '' }).expect(200);
    expect(patch.body).toMatchObject({ contacted: true, note: null });

    const stored = await t.ds.getRepository(Lead).findOneByOrFail({ id: lead.id });
    expect(stored).toMatchObject({ contacted: true, note: null });

    const audit = await t.ds
      .getRepository(AuditLog)
      .find({ where: { entity: 'lead', entityId: String(lead.id) }, order: { id: 'ASC' } });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      actorEmail: adminEmail,
      action: 'lead.update',
      before: { contacted: false, note: null },
      after: { contacted: true, note: 'Ringte, vil ha Foundation' },
    });
    expect(audit[1]).toMatchObject({ before: { note: 'Ringte, vil ha Foundation' }, after: { note: null } });
    expect(audit[0].createdAt).toBeInstanceOf(Date);

    // The audit log is readable through the API, filtered by entity and action.
    const list = await admin
      .get(`/api/admin/audit-log${listQuery({ filter: { entity: 'lead', entityId: String(lead.id), action: 'lead.update' } })}`)
      .expect(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ actorEmail: adminEmail, after: { note: null } });
  });

  it('an unchanged save writes no audit row; bad input is 400 and writes nothing', async () => {
    const lead = await insertLead(t, { email: `uendret-${tag}@example.no`, contacted: true });
    await admin.put(`/api/admin/leads/${lead.id}`).send({ contacted: true }).expect(200);
    const bad: Array<Record<string, unknown>> = [
      { contacted: 'ja' },
      { contacted: null },
      { note: 42 },
      { note: 'x'.repeat(5001) },
      { email: 'hijack@example.no' },
      { unsubscribedAt: null },
    ];
    for (const body of bad) {
      const res = await admin.put(`/api/admin/leads/${lead.id}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await t.ds.getRepository(AuditLog).countBy({ entity: 'lead', entityId: String(lead.id) })).toBe(0);
    const stored = await t.ds.getRepository(Lead).findOneByOrFail({ id: lead.id });
    expect(stored).toMatchObject({ email: `uendret-${tag}@example.no`, contacted: true, note: null, unsubscribedAt: null });
    await admin.put('/api/admin/leads/999999').send({ contacted: true }).expect(404);
  });

  describe('CSV export', () => {
    beforeAll(async () => {
      const owner = await createUser(t, { email: `ærlig-${tag}@example.no` });
      await insertLead(t, {
        email: `ærlig-${tag}@example.no`,
        courseType: 'foundation',
        trafficSource: 'B',
        note: 'Spør om «Wyckoff»; ringer på tirsdag, sa "kanskje"\nny linje',
        userId: owner.id,
        createdAt: new Date('2025-03-04T09:05:00Z'),
      });
      await insertOrder(t, { email: `ærlig-${tag}@example.no`, userId: owner.id, status: 'paid' });
      await insertLead(t, { email: `øvrig-${tag}@example.no`, courseType: 'starter', trafficSource: 'A', note: '=SUM(A1:A9)' });
      await insertLead(t, { email: `avmeldt-${tag}@example.no`, unsubscribedAt: new Date() });
    });

    const csv = async (qs: string) => {
      const res = await admin
        .get(`/api/admin/leads/export.csv${qs}`)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      return { res, bytes: res.body as Buffer, text: (res.body as Buffer).toString('utf8') };
    };

    it('is UTF-8 with a BOM, ";" separated, CRLF, as an attachment, with Norwegian letters intact', async () => {
      const { res, bytes, text } = await csv(listQuery({ filter: { q: tag }, sort: ['email', 'ASC'] }));
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        '"ID";"Registrert";"E-post";"Kurs";"Kilde";"Variant";"Landingsside";"utm_source";"utm_medium";"utm_campaign";"utm_term";"utm_content";"Har konto";"Har kjøpt";"Kontaktet";"Avmeldt";"Notat"',
      );
      // Unsubscribed addresses are left out by default; rows follow the sort.
      const body = text.slice(1);
      expect(body).not.toContain(`avmeldt-${tag}`);
      const row = lines.find((l) => l.includes(`;"ærlig-${tag}@example.no";`))!;
      expect(row).toMatch(
        new RegExp(
          `^"\\d+";"04\\.03\\.2025 10:05";"ærlig-${tag}@example\\.no";"foundation";"/";"B";"";"";"";"";"";"";"Ja";"Ja";"Nei";"Nei";"Spør`,
        ),
      );
      // Every cell is quoted, quotes doubled; a note with the separator and a line break stays one cell.
      expect(body).toContain('"Spør om «Wyckoff»; ringer på tirsdag, sa ""kanskje""\nny linje"');
      // A note that a spreadsheet would run as a formula is defused.
      expect(body).toContain(
        `"øvrig-${tag}@example.no";"starter";"/";"A";"";"";"";"";"";"";"Nei";"Nei";"Nei";"Nei";"'=SUM(A1:A9)"`,
      );
    });

    it('quotes every cell and defuses formulas after every separator inside a cell, in every column', async () => {
      await insertLead(t, {
        email: `formel-${tag}@example.no`,
        utmCampaign: '@SUM(A1),-1',
        note: 'ring meg;=HYPERLINK("http://x";"klikk")\n+47 900 00 000\t-2',
      });
      const { text } = await csv(listQuery({ filter: { q: `formel-${tag}` } }));
      const row = text.slice(1).split('\r\n')[1];
      expect(row).toContain(`"'@SUM(A1),'-1"`);
      expect(row).toContain(`"ring meg;'=HYPERLINK(""http://x"";""klikk"")\n'+47 900 00 000\t'-2"`);
      expect(row.startsWith('"') && row.endsWith('"')).toBe(true);
    });

    it('follows the filter, and includes unsubscribed addresses only when asked', async () => {
      const onlyB = await csv(listQuery({ filter: { q: tag, trafficSource: 'B' } }));
      expect(onlyB.text).toContain(`ærlig-${tag}`);
      expect(onlyB.text).not.toContain(`øvrig-${tag}`);
      const withUnsub = await csv(`${listQuery({ filter: { q: tag } })}&includeUnsubscribed=true`);
      expect(withUnsub.text).toContain(`avmeldt-${tag}`);
      const res = await admin.get(`/api/admin/leads/export.csv?filter=${encodeURIComponent('{"bogus":1}')}`).expect(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
      await admin.get('/api/admin/leads/export.csv?includeUnsubscribed=kanskje').expect(400);
    });
  });
});
