import type { AdminBroadcast, BroadcastPreview, Segment } from '@academy/contracts';
import { BROADCAST_STATUS_LABELS } from '@academy/contracts';
import { postJson } from '../lib/http';

const API = '/api/admin/broadcasts';

export const countSegment = (segment: Segment) => postJson<{ recipients: number }>(`${API}/count`, { segment });
export const previewBroadcast = (body: { subject: string; body: string; utm?: boolean }) =>
  postJson<BroadcastPreview>(`${API}/preview`, body);
export const sendTest = (id: number, email: string) => postJson<{ queued: true }>(`${API}/${id}/test`, { email });
export const sendBroadcast = (id: number, at?: string) => postJson<AdminBroadcast>(`${API}/${id}/send`, at ? { at } : {});
export const cancelBroadcast = (id: number) => postJson<AdminBroadcast>(`${API}/${id}/cancel`, {});

export const STATUS_CHOICES = Object.entries(BROADCAST_STATUS_LABELS).map(([id, name]) => ({ id, name }));
