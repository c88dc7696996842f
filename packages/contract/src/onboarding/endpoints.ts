import { defineEndpoint } from '../common/define-endpoint.ts';
import { AccountApplicationRequest, AccountApplicationResponse } from './schemas.ts';

export const accountApply = defineEndpoint({
  path: '/dashboard/auth/register/apply',
  summary: 'Apply for a merchant account; the provider’s onboarding team follows up',
  public: true,
  request: AccountApplicationRequest,
  response: AccountApplicationResponse,
});
