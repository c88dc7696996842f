import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { ingestEvent } from '@andes/contract/platform/endpoints';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import type { APIRequestContext } from '@playwright/test';

/** Sends one event as the payment platform would (the test server's service token). */
export async function sendPlatformEvent(
  request: APIRequestContext,
  event: PlatformEventInput,
): Promise<{ code: number; msg: string; data: unknown }> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(ingestEvent), { data: event, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}
