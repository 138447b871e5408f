import type { AdminLeadDeleted, AdminLeadsContacted, MarkLeadsContactedRequest } from '@academy/contracts';
import { API } from '../dataProvider';
import { httpClient, postJson } from '../lib/http';

/** The lead pages' own calls (the list's bulk «kontaktet», «Slett»). */
export const leadsApi = {
  markContacted: (ids: number[], contacted: boolean) =>
    postJson<AdminLeadsContacted>(`${API}/leads/contacted`, { ids, contacted } satisfies MarkLeadsContactedRequest),
  delete: (id: number) => httpClient(`${API}/leads/${id}`, { method: 'DELETE' }).then(({ json }) => json as AdminLeadDeleted),
};
