import { Column } from 'typeorm';

/** First-touch attribution: which variant and which campaign brought the visitor. */
export class AttributionColumns {
  @Column({ type: 'varchar', length: 16, nullable: true })
  trafficSource: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  landingPath: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  referrer: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmSource: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmMedium: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmCampaign: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmTerm: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmContent: string | null;
}
