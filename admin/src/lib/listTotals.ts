import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { httpClient as HttpClient } from './http';

/** What a list answer tells besides its rows: the total may be a lower bound (`X-Total-Capped: 1`). */
export interface ListTotalMeta {
  /** There are at least `total` rows; the server did not count them all (a filter on other tables). */
  totalCapped: boolean;
}

/**
 * ra-data-simple-rest's getList (`?sort=…&range=…&filter=…`, total from `Content-Range`), which also
 * passes on `X-Total-Capped` as `meta.totalCapped`, so a list can say «over N» instead of a number
 * the server did not count to the end.
 */
export function listWithTotals(api: string, http: typeof HttpClient): DataProvider['getList'] {
  return async <RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<RecordType>> => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const start = (page - 1) * perPage;
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([start, start + perPage - 1]),
      filter: JSON.stringify(params.filter ?? {}),
    });
    const { headers, json } = await http(`${api}/${resource}?${query}`, { signal: params.signal });
    const range = headers.get('content-range');
    if (!range) throw new Error(`Svaret på ${resource} mangler Content-Range`);
    const meta: ListTotalMeta = { totalCapped: headers.get('x-total-capped') === '1' };
    return { data: json as RecordType[], total: Number.parseInt(range.split('/').pop() ?? '', 10), meta };
  };
}
