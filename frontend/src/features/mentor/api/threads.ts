import type { MentorThread, MentorThreadsResponse } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, NETWORK_ERROR_MESSAGE } from '../../../lib/api';

const LIST_KEY = ['mentor-threads'] as const;
const threadKey = (id: number) => ['mentor-thread', id] as const;

/**
 * A multipart write (text fields and chart images) as the CSRF rule admits it on the upload routes:
 * `X-Requested-With` (the browser adds the site's Origin itself). Errors are the API's, in Norwegian.
 */
async function postForm<T>(path: string, form: FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const data = (await res.json().catch(() => undefined)) as { message?: string; code?: never } | undefined;
  if (!res.ok) {
    if (data && typeof data.message === 'string') throw new ApiError(res.status, data.code ?? 'INTERNAL', data.message, data);
    throw new ApiError(res.status, 'INTERNAL', `Noe gikk galt (${res.status}). Prøv igjen.`, data);
  }
  return data as T;
}

/** GET /api/mentor/threads: may the student write, the month's quota, the threads (newest first). */
export function useMentorThreads() {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => apiGet<MentorThreadsResponse>('/api/mentor/threads', signal),
  });
}

/** GET /api/mentor/threads/:id */
export function useMentorThread(id: number) {
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => apiGet<MentorThread>(`/api/mentor/threads/${id}`, signal),
    retry: false,
  });
}

export interface MentorDraft {
  title?: string;
  body: string;
  images: File[];
}

const formOf = (d: MentorDraft): FormData => {
  const form = new FormData();
  if (d.title !== undefined) form.append('title', d.title);
  form.append('body', d.body);
  for (const f of d.images) form.append('images', f, f.name);
  return form;
};

/** POST /api/mentor/threads (multipart: title, body, images). */
export function useStartThread() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: MentorDraft) => postForm<MentorThread>('/api/mentor/threads', formOf(d)),
    onSuccess: (t) => {
      qc.setQueryData(threadKey(t.id), t);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** POST /api/mentor/threads/:id/messages (multipart: body, images). */
export function useReply(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: MentorDraft) => postForm<MentorThread>(`/api/mentor/threads/${id}/messages`, formOf(d)),
    onSuccess: (t) => {
      qc.setQueryData(threadKey(id), t);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}
