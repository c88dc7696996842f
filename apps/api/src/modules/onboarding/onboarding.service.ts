import type { Language } from '@andes/contract/common/constants';
import type { AccountApplicationRequest, AccountApplicationResponse } from '@andes/contract/onboarding/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { onboardingApplications } from '../../db/schema/onboarding.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { applicantConfirmation, teamNotification } from './onboarding.mails.ts';

type Application = z.output<typeof AccountApplicationRequest>;

export interface ApplicationClient {
  ip: string;
  userAgent: string | null;
  language: Language;
}

/** `APP-000123`: the reference an applicant quotes. */
export const applicationNumber = (id: number): string => `APP-${String(id).padStart(6, '0')}`;

export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    /** Where the provider's onboarding team is told of new applications; null: nobody is mailed. */
    private readonly teamAddress: string | null,
  ) {}

  /**
   * Records an application once per `requestId` (a retry answers the first one and sends nothing
   * again), then e-mails the applicant a confirmation and the onboarding team a notice.
   */
  async apply(body: Application, client: ApplicationClient): Promise<AccountApplicationResponse> {
    const queued: number[] = [];
    const id = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(onboardingApplications)
        .values({ ...body, language: client.language, ip: client.ip, userAgent: client.userAgent, createdAt: this.clock() })
        .onConflictDoNothing({ target: onboardingApplications.requestId })
        .returning({ id: onboardingApplications.id });
      if (!inserted) {
        const [existing] = await tx
          .select({ id: onboardingApplications.id })
          .from(onboardingApplications)
          .where(eq(onboardingApplications.requestId, body.requestId))
          .limit(1);
        if (!existing) throw new Error('onboarding application vanished after a conflicting insert');
        return existing.id;
      }
      const number = applicationNumber(inserted.id);
      queued.push(await this.mailer.queue(applicantConfirmation(body, number, client.language), tx));
      if (this.teamAddress) queued.push(await this.mailer.queue(teamNotification(body, number, this.teamAddress), tx));
      return inserted.id;
    });
    for (const mailId of queued) this.mailer.dispatch(mailId);
    return { applicationNumber: applicationNumber(id) };
  }
}
