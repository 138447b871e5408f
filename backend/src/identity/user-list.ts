import type { SelectQueryBuilder } from 'typeorm';
import { CATALOG_IDS } from '@academy/contracts';
import { filter, parse, type ListSpec } from '../platform/list/list-query';
import { trafficSourceFilter } from '../platform/list/traffic-source-filter';
import type { User } from './entities/user.entity';

/**
 * The user list's conditions on other modules' tables. Identity sits low in the module graph, so
 * the caller brings them from their owners; this list hands them its own columns.
 */
export interface UserListConditions {
  /** SQL that holds when the user in `userIdColumn` owns the course in parameter `param` ("eier kurset"). */
  ownsCourse(qb: SelectQueryBuilder<User>, userIdColumn: string, param: string): string;
}

/** The admin panel's user list (alias `user`): the fields it may sort and filter on. */
export function usersList(conditions: UserListConditions): ListSpec<User> {
  return {
    sort: {
      id: 'user.id',
      email: 'user.email',
      createdAt: 'user.createdAt',
      role: 'user.role',
      lastName: 'user.lastName',
      trafficSource: 'user.attribution.trafficSource',
    },
    defaultSort: ['createdAt', 'DESC'],
    filters: {
      id: filter.ids('user.id'),
      q: filter.search(['user.email', 'user.firstName', 'user.lastName']),
      role: filter.oneOf('user.role', ['student', 'admin']),
      createdFrom: filter.from('user.createdAt'),
      createdTo: filter.to('user.createdAt'),
      trafficSource: trafficSourceFilter('user.attribution.trafficSource'),
      hasPassword: filter.isSet('user.passwordHash'),
      courseId: {
        parse: parse.oneOf(CATALOG_IDS),
        apply: (qb, v: string, p) => qb.andWhere(conditions.ownsCourse(qb, 'user.id', p), { [p]: v }),
      },
    },
  };
}
