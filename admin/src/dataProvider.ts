import type {
  AdminDiscordView,
  AdminCertificate,
  AdminCreatedStudent,
  AdminGrant,
  AdminOrderDetail,
  AdminQuestion,
  AdminMentorThreadDetail,
  MentorThreadStatus,
  UpdateMentorThreadRequest,
  AnswerQuestionRequest,
  UpdateQuestionRequest,
  CreateGrantRequest,
  CreateStudentRequest,
  ExtendMentorshipRequest,
  AdminUserDetail,
  BulkGrantRequest,
  BulkGrantResponse,
  CatalogId,
  ExtendMembershipRequest,
  UpdateStudentRequest,
  RefundOrderRequest,
  ResendOutboxResponse,
} from '@academy/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider, type RaRecord, type UpdateParams } from 'react-admin';
import { httpClient, postJson } from './lib/http';
import { listWithTotals } from './lib/listTotals';

export const API = '/api/admin';

const base = simpleRestProvider(API, httpClient);

/** Only what changed (the API takes a resource's editable fields and rejects any other). */
function changedFields(params: UpdateParams): Record<string, unknown> {
  const previous = (params.previousData ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params.data as Record<string, unknown>)) {
    if (k === 'id') continue;
    if (JSON.stringify(v) !== JSON.stringify(previous[k])) out[k] = v;
  }
  return out;
}

/** Module forms: blank topics and unset optional numbers are left out rather than sent as null. */
function cleanModule(data: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const out = { ...data };
  if (Array.isArray(out.topics)) out.topics = out.topics.filter((t) => typeof t === 'string' && t.trim() !== '');
  if (creating) for (const k of Object.keys(out)) if (out[k] === null || out[k] === '') delete out[k];
  if (out.videoId === '') out.videoId = null;
  return out;
}

export interface AdminDataProvider extends DataProvider {
  createStudent(email: string): Promise<AdminCreatedStudent>;
  /** A course (or VIP) by hand; `notify` (default true) mails the student, with a sign-in link when needed. */
  grantCourse(userId: number, courseId: CatalogId, note?: string, notify?: boolean): Promise<AdminGrant>;
  /** One course to the selected students, each audited and mailed. */
  bulkGrant(input: BulkGrantRequest): Promise<BulkGrantResponse>;
  /** Lengthens a VIP period by whole days. */
  extendMembership(grantId: number, days: number): Promise<AdminGrant>;
  /** Ends a VIP period now. */
  endMembership(grantId: number): Promise<AdminGrant>;
  /** «Stopp fornyelse»: the student's VIP no longer renews by itself (Stripe told, the student mailed). */
  stopRenewal(userId: number): Promise<AdminUserDetail>;
  /** Name, notes and a new e-mail address (which the student confirms). */
  updateStudent(userId: number, changes: UpdateStudentRequest): Promise<AdminUserDetail>;
  /** Mails the student a new one-time sign-in link. */
  sendSignInLink(userId: number): Promise<{ outboxId: number | null }>;
  /** Downloads a resource's filtered list (or the rows `filter.id` names) as CSV, every row. */
  exportCsv(
    resource: 'orders' | 'users',
    params: { filter: Record<string, unknown>; sort?: { field: string; order: string } },
  ): Promise<void>;
  revokeGrant(grantId: number): Promise<AdminGrant>;
  /** Drip release: opens every module of the grant now. */
  releaseGrant(grantId: number): Promise<AdminGrant>;
  /** Extends the grant's mentorship period by whole days. */
  extendMentorship(grantId: number, days: number): Promise<AdminGrant>;
  /** The student's Discord link and roles (wanted, held at the last comparison). */
  discordOf(userId: number): Promise<AdminDiscordView>;
  /** "Synkroniser nå": the student's roles compared with Discord and repaired (audited). */
  syncDiscord(userId: number): Promise<AdminDiscordView>;
  revokeCertificate(certificateId: number): Promise<AdminCertificate>;
  refundOrder(orderId: number, input: RefundOrderRequest): Promise<AdminOrderDetail>;
  resendOutbox(messageId: number): Promise<ResendOutboxResponse>;
  /** Answers a lesson question (the first answer mails the asker). */
  answerQuestion(questionId: number, body: string): Promise<AdminQuestion>;
  /** Hides, shows, pins or unpins a lesson question. */
  moderateQuestion(questionId: number, changes: UpdateQuestionRequest): Promise<AdminQuestion>;
  /** Answers a mentor thread with text and, optionally, one image (multipart then); the student is mailed. */
  answerMentorThread(threadId: number, body: string, image: File | null): Promise<AdminMentorThreadDetail>;
  setMentorThreadStatus(threadId: number, status: MentorThreadStatus): Promise<AdminMentorThreadDetail>;
  exportLeadsCsv(params: {
    filter: Record<string, unknown>;
    sort?: { field: string; order: string };
    includeUnsubscribed?: boolean;
  }): Promise<void>;
}

/**
 * ra-data-simple-rest on /api/admin, with: updates that send only the changed fields, the
 * settings singleton (`GET/PUT /api/admin/settings`), and the panel's own calls.
 */
export const dataProvider: AdminDataProvider = {
  ...base,

  getList: listWithTotals(API, httpClient),

  getOne: (resource, params) =>
    resource === 'settings'
      ? httpClient(`${API}/settings`, { signal: params.signal }).then(({ json }) => ({ data: json }))
      : base.getOne(resource, params),

  update: <RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams) => {
    const url = resource === 'settings' ? `${API}/settings` : `${API}/${resource}/${encodeURIComponent(String(params.id))}`;
    const changed = changedFields(params);
    const body = resource === 'modules' ? cleanModule(changed, false) : changed;
    return httpClient(url, { method: 'PUT', body: JSON.stringify(body) }).then(({ json }) => ({
      data: json as RecordType,
    }));
  },

  create: (resource, params) =>
    resource === 'modules'
      ? base.create(resource, { ...params, data: cleanModule(params.data as Record<string, unknown>, true) })
      : base.create(resource, params),

  createStudent: (email) => postJson<AdminCreatedStudent>(`${API}/users`, { email } satisfies CreateStudentRequest),

  grantCourse: (userId, courseId, note, notify = true) =>
    postJson<AdminGrant>(
      `${API}/users/${userId}/grants`,
      (note ? { courseId, note, notify } : { courseId, notify }) satisfies CreateGrantRequest,
    ),

  bulkGrant: (input) => postJson<BulkGrantResponse>(`${API}/users/bulk-grant`, input),

  extendMembership: (grantId, days) =>
    postJson<AdminGrant>(`${API}/grants/${grantId}/membership`, { days } satisfies ExtendMembershipRequest),

  endMembership: (grantId) => postJson<AdminGrant>(`${API}/grants/${grantId}/membership/end`, {}),

  stopRenewal: (userId) => postJson<AdminUserDetail>(`${API}/users/${userId}/subscription/stop-renewal`, {}),

  updateStudent: (userId, changes) =>
    httpClient(`${API}/users/${userId}`, { method: 'PATCH', body: JSON.stringify(changes) }).then(
      ({ json }) => json as AdminUserDetail,
    ),

  sendSignInLink: (userId) => postJson<{ outboxId: number | null }>(`${API}/users/${userId}/signin-link`, {}),

  exportCsv: async (resource, { filter, sort }) => {
    const q = new URLSearchParams({ filter: JSON.stringify(filter ?? {}) });
    if (sort) q.set('sort', JSON.stringify([sort.field, sort.order]));
    await downloadCsv(`${API}/${resource}/export.csv?${q}`, `${resource}.csv`);
  },

  revokeGrant: (grantId) => httpClient(`${API}/grants/${grantId}`, { method: 'DELETE' }).then(({ json }) => json as AdminGrant),

  releaseGrant: (grantId) => postJson<AdminGrant>(`${API}/grants/${grantId}/release`, {}),

  discordOf: (userId) => httpClient(`${API}/users/${userId}/discord`).then(({ json }) => json as AdminDiscordView),

  syncDiscord: (userId) => postJson<AdminDiscordView>(`${API}/users/${userId}/discord/sync`, {}),

  extendMentorship: (grantId, days) =>
    postJson<AdminGrant>(`${API}/grants/${grantId}/mentorship`, { days } satisfies ExtendMentorshipRequest),

  revokeCertificate: (certificateId) => postJson<AdminCertificate>(`${API}/certificates/${certificateId}/revoke`, {}),

  refundOrder: (orderId, input) => postJson<AdminOrderDetail>(`${API}/orders/${orderId}/refund`, input),

  resendOutbox: (messageId) => postJson<ResendOutboxResponse>(`${API}/outbox/${messageId}/resend`, {}),

  answerQuestion: (questionId, body) =>
    postJson<AdminQuestion>(`${API}/questions/${questionId}/answer`, { body } satisfies AnswerQuestionRequest),

  moderateQuestion: (questionId, changes) =>
    httpClient(`${API}/questions/${questionId}`, { method: 'PATCH', body: JSON.stringify(changes) }).then(
      ({ json }) => json as AdminQuestion,
    ),

  answerMentorThread: (threadId, body, image) => {
    const url = `${API}/mentor-threads/${threadId}/messages`;
    if (!image) return postJson<AdminMentorThreadDetail>(url, { body });
    // Multipart (the upload routes alone admit it); the browser sets the boundary and the Origin.
    const form = new FormData();
    form.append('body', body);
    form.append('images', image, image.name);
    return httpClient(url, { method: 'POST', body: form }).then(({ json }) => json as AdminMentorThreadDetail);
  },

  setMentorThreadStatus: (threadId, status) =>
    httpClient(`${API}/mentor-threads/${threadId}`, {
      method: 'PATCH',
      body: JSON.stringify({ status } satisfies UpdateMentorThreadRequest),
    }).then(({ json }) => json as AdminMentorThreadDetail),

  /** Downloads the filtered leads as CSV (the server writes it: UTF-8 with BOM, `;`). */
  exportLeadsCsv: async ({ filter, sort, includeUnsubscribed }) => {
    const q = new URLSearchParams({ filter: JSON.stringify(filter ?? {}) });
    if (sort) q.set('sort', JSON.stringify([sort.field, sort.order]));
    if (includeUnsubscribed) q.set('includeUnsubscribed', 'true');
    const res = await fetch(`${API}/leads/export.csv?${q}`, {
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? 'Eksporten mislyktes');
    }
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** Fetches a CSV the server writes and hands it to the browser as a download. */
async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'Eksporten mislyktes');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The data provider with the panel's own calls (grant, revoke, refund, resend, CSV, create student). */
export function useAdminData(): AdminDataProvider {
  return useDataProvider<AdminDataProvider>();
}
