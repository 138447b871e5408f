import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AccountNameResponse } from '@academy/contracts';
import { CertificatesService, holderNameOf } from '../certificates/certificates.service';
import type { User } from '../identity/entities/user.entity';
import { UserWriter } from '../identity/user-writer.service';

/** The account's name, as the student sets it on the account page (certificates carry it). */
@Injectable()
export class AccountNameService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UserWriter,
    private readonly certificates: CertificatesService,
  ) {}

  /**
   * PATCH /api/account: the account's name (trimmed and checked by the DTO). Certificates issued
   * while the name was missing take it; those already issued with a name keep theirs.
   */
  async setName(user: User, firstName: string, lastName: string): Promise<AccountNameResponse> {
    await this.ds.transaction(async (m) => {
      await this.users.setName(user.id, firstName, lastName, m);
      const name = holderNameOf({ firstName, lastName });
      if (name) await this.certificates.nameGiven(user.id, name, m);
    });
    return { firstName, lastName };
  }
}
