import { call, callJson, jsonBody } from './http';
import type { DiaryContext } from './db';
import type { Sender, SendResult } from './queue';

/** The diary's calls to the API (the routes of DIARY-API.md and the existing uploads and locations). */

export interface Account {
  id: number;
  name: string;
}

export async function fetchAccount(): Promise<SendResult<Account>> {
  const answer = await callJson<{ user: { id: number; name: string } }>('/api/v1/users/whoami');
  return answer.ok ? { ok: true, value: { id: answer.value.user.id, name: answer.value.user.name } } : answer;
}

export const fetchContext = () => callJson<DiaryContext>('/api/v1/diary/context');

/** How the queue travels: photos through the uploads API (POST /api/v1/images), entries to the diary. */
export const sender: Sender = {
  async upload(photo, filename) {
    const form = new FormData();
    form.append('file', photo, filename);
    const answer = await callJson<{ image: { id: number } }>('/api/v1/images', { method: 'POST', body: form });
    return answer.ok ? { ok: true, value: answer.value.image.id } : answer;
  },
  async post(body) {
    const answer = await callJson<{ entry: { id: number } }>('/api/v1/diary/entries', jsonBody(body));
    return answer.ok ? { ok: true, value: { id: answer.value.entry.id } } : answer;
  },
};

/** Ends the session on the server (best effort: the phone forgets it anyway). */
export async function logoutOnServer(): Promise<void> {
  await call('/api/v1/users/logout', { method: 'POST' }).catch(() => undefined);
}
