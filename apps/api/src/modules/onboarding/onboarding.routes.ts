import { ACCOUNT_APPLICATIONS_PER_HOUR, LANGUAGES, type Language } from '@andes/contract/common/constants';
import { accountApply } from '@andes/contract/onboarding/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerPublicEndpoint } from '../../http/register-endpoint.ts';
import { OnboardingService } from './onboarding.service.ts';

function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  return header.toLowerCase().startsWith('zh') ? 'zh-CN' : (LANGUAGES[0] as Language);
}

export function registerOnboardingRoutes(app: FastifyInstance): void {
  const { db, mailer, clock, config } = app.andes;
  const service = new OnboardingService(db, mailer, clock, config.mail.onboardingTo ?? null);
  registerPublicEndpoint(
    app,
    accountApply,
    ({ body, request }) =>
      service.apply(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, language: languageOf(request) }),
    { rateLimit: { max: ACCOUNT_APPLICATIONS_PER_HOUR, timeWindowMs: 3_600_000 } },
  );
}
