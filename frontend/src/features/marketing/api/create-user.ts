import type { CreateUserRequest, CreateUserResponse } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

export type CreateUserBody = CreateUserRequest;

/** POST /api/create-user: free account + Starter; the welcome mail carries the sign-in link (no session here). */
export function createUser(body: CreateUserBody): Promise<CreateUserResponse> {
  return apiPost<CreateUserResponse>('/api/create-user', body);
}
