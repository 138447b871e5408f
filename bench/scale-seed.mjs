// The volume of a successful academy, seeded with set-based SQL (INSERT … SELECT over a numbers
// table): every table of the volume in a handful of statements, so 200 000 leads take seconds, not
// hours. Used by bench/scale.mjs (MariaDB/MySQL). Rows look like the real ones: variants A/B and
// unknown, UTM values, two years of dates, paid orders with refunds, sent mail with full HTML, and
// the receipt of every paid order and the credit note of every refund, with their MVA lines.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

/** The volume of issue "Carry its own success"; `scaled(f)` gives a smaller copy of the same shape. */
export const VOLUME = {
  leads: 200_000,
  students: 30_000,
  paidOrders: 20_000,
  refunds: 5_000,
  progress: 120_000,
  subscribers: 50_000,
  outbox: 100_000,
  audit: 100_000,
  broadcasts: 40,
};

export function scaled(f) {
  const out = {};
  for (const [k, v] of Object.entries(VOLUME)) out[k] = Math.max(k === 'refunds' ? 1 : 4, Math.round(v * f));
  return out;
}

/** User ids of the seeded students start after this (the administrator the app made keeps its id). */
export const USER_ID_OFFSET = 1000;
/** Persons are `personN@example.no`; person N ≤ students has the account USER_ID_OFFSET + N. */
export const personEmail = (n) => `person${n}@example.no`;

const TABLES = [
  'leads',
  'lead_addresses',
  'users',
  'orders',
  'refunds',
  'grants',
  'progress',
  'marketing_subscribers',
  'outbox',
  'outbox_bodies',
  'audit_log',
  'marketing_broadcasts',
  'marketing_broadcast_recipients',
  'sessions',
  'receipts',
];

/** The seeded courses' prices and MVA treatments: Accelerator's mentorship part exempt (split). */
const COURSES = [
  ['foundation', 199700, { treatment: 'standard', exemptOre: null }],
  ['accelerator', 499700, { treatment: 'split', exemptOre: 200000 }],
  ['kryptovaluta', 299700, { treatment: 'standard', exemptOre: null }],
];

/**
 * Each seeded course's receipt lines and its full refund's credit-note lines, made by the app's own
 * functions (backend/dist, from `npm run build`), as JSON the way the receipts table stores them.
 */
function courseLines() {
  const { receiptLines, creditLines } = createRequire(import.meta.url)(join(ROOT, 'backend/dist/orders/receipts/vat-lines.js'));
  return COURSES.map(([id, price, vat]) => {
    const lines = receiptLines(price, price, vat, true);
    const sum = (ls, k) => ls.reduce((a, l) => a + l[k], 0);
    const credit = creditLines(lines, price);
    const doc = (ls) => ({
      json: JSON.stringify(ls),
      net: sum(ls, 'amountExclVatOre'),
      vat: sum(ls, 'vatOre'),
      rate: ls.some((l) => l.vatOre > 0 || l.treatment === 'standard') ? 25 : 0,
    });
    return { id, receipt: doc(lines), credit: doc(credit) };
  });
}

/** A mail body as the layout makes it: a few kilobytes of HTML. */
const HTML_BLOCK =
  '<tr><td style="padding:16px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">' +
  'Hei! Her er ukens gjennomgang av markedet, med tre ting du kan øve på før neste modul. ' +
  '<a href="https://akademi.example.no/kurs/foundation?utm_source=nyhetsbrev&amp;utm_medium=epost">Les mer</a></td></tr>';

/**
 * Empties the seeded tables (the administrator and the catalogue stay) and fills them with `v`.
 * `conn` is a mysql2/promise connection to the bench database. Returns seconds taken.
 */
export async function seed(conn, v, adminId) {
  const t0 = Date.now();
  const q = (sql, params) => conn.query(sql, params);
  await q('SET FOREIGN_KEY_CHECKS = 0');
  for (const t of TABLES) await q(t === 'users' ? 'DELETE FROM users WHERE id <> ?' : `TRUNCATE TABLE \`${t}\``, [adminId]);
  await q('DROP TABLE IF EXISTS bench_nums');
  await q('CREATE TABLE bench_nums (n INT NOT NULL PRIMARY KEY) ENGINE=InnoDB');
  await q('DROP TEMPORARY TABLE IF EXISTS bench_digits');
  await q('CREATE TEMPORARY TABLE bench_digits (d INT NOT NULL)');
  await q('INSERT INTO bench_digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)');
  const max = Math.max(...Object.values(v));
  await q(
    `INSERT INTO bench_nums (n)
     SELECT 1 + a.d + 10*b.d + 100*c.d + 1000*d.d + 10000*e.d + 100000*f.d
     FROM bench_digits a, bench_digits b, bench_digits c, bench_digits d, bench_digits e, bench_digits f
     WHERE a.d + 10*b.d + 100*c.d + 1000*d.d + 10000*e.d + 100000*f.d < ?`,
    [max],
  );
  const people = Math.max(v.leads - Math.round(v.leads * 0.15), v.subscribers, v.students); // 15 % of leads are a second touch
  const span = 730 * 86400; // two years, in seconds

  // Leads: person ((n-1) mod people)+1, so the first `leads - people` persons came back twice.
  await q(
    `INSERT INTO leads (email, courseType, source, userId, contacted, note, unsubscribedAt, createdAt,
       trafficSource, landingPath, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent)
     SELECT CONCAT('person', p, '@example.no'),
       ELT(1 + n % 4, 'starter', 'foundation', 'accelerator', 'kryptovaluta'),
       ELT(1 + n % 3, '/', '/kurs/foundation', '/gratis-kurs'),
       IF(p <= ?, p + ?, NULL), n % 20 = 0, IF(n % 97 = 0, 'Ringt, vil ha mer info', NULL),
       IF(n % 50 = 0, NOW(3) - INTERVAL (n % 100) DAY, NULL),
       NOW(3) - INTERVAL FLOOR((? - n) * ? / ?) SECOND - INTERVAL (n * 7919) % 3600 SECOND,
       ELT(1 + n % 5, 'A', 'B', 'A', 'B', NULL), ELT(1 + n % 3, '/', '/a', '/b'),
       IF(n % 4 = 0, 'https://www.google.com/', NULL),
       ELT(1 + n % 6, 'google', 'facebook', 'instagram', 'nyhetsbrev', NULL, NULL),
       ELT(1 + n % 6, 'cpc', 'social', 'social', 'epost', NULL, NULL),
       ELT(1 + n % 6, CONCAT('host', 2024 + n % 2), 'lansering', 'lansering', 'ukebrev', NULL, NULL),
       NULL, NULL
     FROM (SELECT n, ((n - 1) % ?) + 1 AS p FROM bench_nums WHERE n <= ?) x`,
    [v.students, USER_ID_OFFSET, v.leads, span, v.leads, people, v.leads],
  );

  // Students: an account per person 1..students, made an hour after the person's first lead.
  await q(
    `INSERT INTO users (id, email, passwordHash, role, firstName, lastName, createdAt, updatedAt, passwordChangedAt,
       firstTrafficsource, firstLandingpath, firstReferrer, firstUtmsource, firstUtmmedium, firstUtmcampaign,
       firstUtmterm, firstUtmcontent, claimedAt)
     SELECT l.userId, l.email, NULL, 'student', ELT(1 + l.id % 5, 'Kari', 'Ola', 'Ingrid', 'Per', 'Sofie'),
       ELT(1 + l.id % 4, 'Nordmann', 'Hansen', 'Johansen', 'Olsen'),
       l.createdAt + INTERVAL 1 HOUR, l.createdAt + INTERVAL 1 HOUR, NULL,
       l.trafficSource, l.landingPath, l.referrer, l.utmSource, l.utmMedium, l.utmCampaign, NULL, NULL,
       l.createdAt + INTERVAL 1 HOUR
     FROM leads l WHERE l.id <= ?`,
    [v.students],
  );

  // Paid orders, over the same two years; every fourth refunded (whole amount).
  await q(
    `INSERT INTO orders (userId, email, firstName, lastName, courseId, amountOre, currency, paymentMethod, provider,
       status, providerReference, stripePaymentIntentId, refundedOre, termsAcceptedAt, createdAt, updatedAt, paidAt,
       trafficSource, landingPath, utmSource, utmMedium, utmCampaign, buyerSignedInAt, discountOre)
     SELECT u.id, u.email, u.firstName, u.lastName, ELT(1 + x.n % 3, 'foundation', 'accelerator', 'kryptovaluta'),
       ELT(1 + x.n % 3, 199700, 499700, 299700), 'NOK', 'card', 'stripe',
       IF(x.n % 4 = 0 AND x.n <= ? * 4, 'refunded', 'paid'), CONCAT('cs_test_bench_', x.n), CONCAT('pi_bench_', x.n),
       IF(x.n % 4 = 0 AND x.n <= ? * 4, ELT(1 + x.n % 3, 199700, 499700, 299700), 0),
       x.at, x.at, x.at, x.at + INTERVAL 2 MINUTE,
       u.firstTrafficsource, u.firstLandingpath, u.firstUtmsource, u.firstUtmmedium, u.firstUtmcampaign, x.at, 0
     FROM (SELECT n, NOW(3) - INTERVAL FLOOR((? - n) * ? / ?) SECOND AS at FROM bench_nums WHERE n <= ?) x
     JOIN users u ON u.id = ? + 1 + (x.n * 7) % ?`,
    [v.refunds, v.refunds, v.paidOrders, span, v.paidOrders, v.paidOrders, USER_ID_OFFSET, v.students],
  );
  await q(
    `INSERT INTO refunds (orderId, amountOre, reason, stripeRefundId, status, createdBy, createdAt)
     SELECT id, amountOre, 'Angrerett innen 14 dager', CONCAT('re_bench_', id), 'succeeded', ?, paidAt + INTERVAL 5 DAY
     FROM orders WHERE status = 'refunded'`,
    [adminId],
  );
  await q(
    `INSERT INTO grants (userId, courseId, source, orderId, grantedAt, revokedAt)
     SELECT userId, courseId, 'purchase', id, paidAt, IF(status = 'refunded', paidAt + INTERVAL 5 DAY, NULL) FROM orders`,
  );

  // Progress: students × the four player courses, up to `progress` rows.
  await q(
    `INSERT INTO progress (userId, courseId, completedModules, currentModule, lastUpdated)
     SELECT ? + 1 + (n - 1) % ?, ELT(1 + FLOOR((n - 1) / ?), 'starter', 'foundation', 'accelerator', 'kryptovaluta'),
       ELT(1 + n % 3, '[]', '[1,2]', '[1,2,3,4]'), n % 4, NOW(3) - INTERVAL n % 700 DAY
     FROM bench_nums WHERE n <= LEAST(?, ? * 4)`,
    [USER_ID_OFFSET, v.students, v.students, v.progress, v.students],
  );

  // Confirmed subscribers: persons 1..subscribers (the students among them with their account).
  await q(
    `INSERT INTO marketing_subscribers (email, status, previousStatus, userId, isLead, variants, consentText,
       consentVersion, consentAt, consentSource, consentIp, confirmedAt, unsubscribedAt, confirmSentAt, createdAt, updatedAt)
     SELECT CONCAT('person', n, '@example.no'), 'subscribed', NULL, IF(n <= ?, n + ?, NULL), 1,
       ELT(1 + n % 5, ',A,', ',B,', ',A,', ',B,starter,', ''),
       'Ja takk, send meg nyhetsbrev og tilbud fra akademiet. Jeg kan melde meg av når som helst.', '2025-01',
       NOW(3) - INTERVAL n % 700 DAY, '/', '127.0.0.1', NOW(3) - INTERVAL n % 700 DAY + INTERVAL 5 MINUTE, NULL,
       NOW(3) - INTERVAL n % 700 DAY, NOW(3) - INTERVAL n % 700 DAY, NOW(3) - INTERVAL n % 700 DAY
     FROM bench_nums WHERE n <= ?`,
    [v.students, USER_ID_OFFSET, v.subscribers],
  );

  // Sent mail to persons across the list, each with its full HTML (about 4 KB) in outbox_bodies.
  await q(
    `INSERT INTO outbox (kind, toAddress, subject, status, attempts, nextAttemptAt, sentAt, userId, createdAt)
     SELECT ELT(1 + n % 5, 'receipt', 'welcome', 'broadcast', 'sequence', 'marketing_confirm'),
       CONCAT('person', p, '@example.no'),
       ELT(1 + n % 5, 'Kvittering for kjøpet ditt', 'Velkommen til akademiet', 'Ukens marked', 'Dag 3: risikostyring', 'Bekreft påmeldingen'),
       'sent', 1, at, at + INTERVAL 3 SECOND,
       IF(p <= ?, p + ?, NULL), at
     FROM (SELECT n, ((n * 13) % ?) + 1 AS p, NOW(3) - INTERVAL FLOOR((? - n) * ? / ?) SECOND AS at
           FROM bench_nums WHERE n <= ?) x`,
    [v.students, USER_ID_OFFSET, people, v.outbox, span, v.outbox, v.outbox],
  );
  await q(
    `INSERT INTO outbox_bodies (messageId, html, textBody)
     SELECT id, CONCAT('<!doctype html><html lang="nb"><body><table>', REPEAT(?, 16), '</table></body></html>'),
       REPEAT('Hei! Her er ukens gjennomgang av markedet. ', 24)
     FROM outbox`,
    [HTML_BLOCK],
  );

  await q(
    `INSERT INTO audit_log (actorId, actorEmail, action, entity, entityId, \`before\`, \`after\`, createdAt)
     SELECT ?, 'bench-admin@example.no', 'lead.update', 'lead', CAST(n AS CHAR), '{"contacted":false}',
       '{"contacted":true}', NOW(3) - INTERVAL FLOOR((? - n) * ? / ?) SECOND
     FROM bench_nums WHERE n <= ?`,
    [adminId, v.audit, span, v.audit, v.audit],
  );

  await q(
    `INSERT INTO marketing_broadcasts (subject, body, segment, utm, status, sendAt, listReady, recipientCount,
       lastBatchAt, startedAt, finishedAt, createdBy, createdAt, updatedAt)
     SELECT CONCAT('Ukebrev ', n), 'Hei {{fornavn}}! Her er ukens gjennomgang.', '{"audience":"all"}', 1, 'sent',
       NOW(3) - INTERVAL n * 7 DAY, 1, 0, NULL, NOW(3) - INTERVAL n * 7 DAY, NOW(3) - INTERVAL n * 7 DAY + INTERVAL 1 HOUR,
       ?, NOW(3) - INTERVAL n * 7 DAY, NOW(3) - INTERVAL n * 7 DAY
     FROM bench_nums WHERE n <= ?`,
    [adminId, v.broadcasts],
  );

  // Receipts and credit notes as ReceiptsService issues them: a receipt when an order is paid, a credit
  // note when its refund is made, one number sequence in the order they were issued; the lines from
  // the app's own vat-lines. Stripe's fee (1.5 % + 1.80 kr) on every paid order.
  const lines = courseLines();
  const pick = (f) => lines.map(f);
  const which = `FIELD(o.courseId, ${lines.map((c) => `'${c.id}'`).join(', ')})`;
  const elt = () => `ELT(${which}, ${lines.map(() => '?').join(', ')})`;
  const docParams = (k) => [
    ...pick((c) => c[k].json),
    ...pick((c) => c[k].net),
    ...pick((c) => c[k].vat),
    ...pick((c) => c[k].rate),
  ];
  await q(
    `INSERT INTO receipts (number, kind, documentKey, orderId, refundId, refersToNumber, issuedAt, description,
       amountExclVatOre, vatOre, vatRatePercent, vatLines, totalOre, currency, sellerName, sellerOrgNr, sellerAddress,
       sellerVatRegistered)
     SELECT ROW_NUMBER() OVER (ORDER BY d.issuedAt, d.kind DESC, d.orderId), d.kind, d.documentKey, d.orderId,
       d.refundId, NULL, d.issuedAt, d.description, d.net, d.vat, d.rate, d.vlines, d.total, 'NOK',
       'Trading Akademiet AS', '123456789', 'Storgata 1, 0155 Oslo', 1
     FROM (
       SELECT 'receipt' AS kind, CONCAT('receipt:', o.id) AS documentKey, o.id AS orderId, NULL AS refundId,
         o.paidAt AS issuedAt, CONCAT('Nettkurs «', o.courseId, '», ordre ', o.id) AS description,
         ${elt()} AS vlines, ${elt()} AS net,
         ${elt()} AS vat, ${elt()} AS rate, o.amountOre AS total
       FROM orders o
       UNION ALL
       SELECT 'credit_note', CONCAT('credit:', r.id), o.id, r.id, r.createdAt,
         CONCAT('Kreditnota: refusjon av ordre ', o.id),
         ${elt()}, ${elt()},
         ${elt()}, ${elt()}, r.amountOre
       FROM refunds r JOIN orders o ON o.id = r.orderId
     ) d`,
    [...docParams('receipt'), ...docParams('credit')],
  );
  await q(
    `UPDATE receipts c JOIN receipts r ON r.documentKey = CONCAT('receipt:', c.orderId)
     SET c.refersToNumber = r.number WHERE c.kind = 'credit_note'`,
  );
  await q(
    `INSERT INTO receipt_sequence (id, lastNumber) SELECT 1, COALESCE(MAX(number), 0) FROM receipts
     ON DUPLICATE KEY UPDATE lastNumber = VALUES(lastNumber)`,
  );
  await q('UPDATE orders SET stripeFeeOre = ROUND(amountOre * 0.015) + 180');

  await q('DROP TABLE bench_nums');
  await q('SET FOREIGN_KEY_CHECKS = 1');
  for (const t of TABLES) await q(`ANALYZE TABLE \`${t}\``);
  return (Date.now() - t0) / 1000;
}
