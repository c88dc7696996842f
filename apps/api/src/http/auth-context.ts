import type { Country } from '@andes/contract/common/countries';
import type { PermissionCode } from '@andes/contract/permissions/registry';

/**
 * Whose data a call may touch. Every repository function that reads merchant data takes it as a
 * required argument; a sub-merchant user's scope also carries their sub-merchant.
 */
export interface Scope {
  readonly merchantId: number;
  readonly subMerchantId: number | null;
}

/** The signed-in caller of a guarded endpoint. */
export interface AuthContext {
  readonly userId: number;
  readonly username: string;
  readonly merchantId: number;
  readonly subMerchantId: number | null;
  readonly superAdmin: boolean;
  readonly userType: number;
  /** Closed set of granted codes (every code for a super admin). */
  readonly permissions: ReadonlySet<PermissionCode>;
  /**
   * The countries the caller may see (country-access.ts), read by the request pipeline in the same
   * statement as the session — so current at this call, never cached across calls. Absent on a
   * context built outside the pipeline (an export link's), where requireCountry reads them itself.
   */
  readonly countries?: ReadonlySet<Country>;
  readonly sessionId: string;
  readonly scope: Scope;
}
