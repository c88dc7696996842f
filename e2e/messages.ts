import { logout } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { markAllRead } from '@andes/contract/message/endpoints';
import type { PublishedMessage, PublishMessageRequest } from '@andes/contract/message/schemas';
import { publishMessage } from '@andes/contract/platform/endpoints';
import type { APIRequestContext } from '@playwright/test';
import { call, signInToken } from './api.ts';

/**
 * The message center's set-up calls (docs/decisions/0030): the provider publishing through the
 * internal API, and a user's announcements marked read (the after-sign-in dialog then stays shut).
 */

export async function publishAsProvider(request: APIRequestContext, body: PublishMessageRequest): Promise<PublishedMessage> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(publishMessage), { data: body, headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as { code: number; msg: string; data: PublishedMessage };
  if (answer.code !== 200) throw new Error(`publish refused: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Marks every announcement `username` can see as read, through a session of its own (signed out after). */
export async function readAllAnnouncements(request: APIRequestContext, username: string, password: string): Promise<void> {
  const token = await signInToken(request, username, password);
  try {
    const answer = await call(request, markAllRead, { kind: 'ANNOUNCEMENT' }, { token });
    if (answer.code !== 200) throw new Error(`read-all refused: ${answer.code} ${answer.msg}`);
  } finally {
    await call(request, logout, {} as never, { token });
  }
}
