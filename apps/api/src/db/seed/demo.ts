import { USER_TYPES } from '@andes/contract/auth/schemas';
import type { Country } from '@andes/contract/common/countries';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { PasswordHasher } from '../../modules/auth/password-hasher.ts';
import type { Db } from '../client.ts';
import { merchantAreas, merchants } from '../schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../schema/users.ts';
import { seedDemoAccounting } from './demo-accounting.ts';
import { seedDemoIpTrustlists } from './demo-ip-trustlist.ts';
import { seedDemoMoney } from './demo-money.ts';

/** A demo sign-in, printed by the server at start and used by the tests. */
export interface DemoSignIn {
  username: string;
  password: string;
  description: string;
}

export const DEMO_SIGN_INS = {
  admin: { username: 'demo.admin', password: 'DemoAdmin2026', description: 'super admin of ANDES-DEMO, all seven countries' },
  finance: {
    username: 'demo.finance',
    password: 'DemoFinance2026',
    description: 'role "Finance viewer" (transactions, finance, reports, global balance, download center), BR MX CO',
  },
  payout: {
    username: 'demo.payout',
    password: 'DemoPayout2026',
    description: 'role "Payout operator" (payouts, payout funding, withdrawals and their approval), BR MX',
  },
  market: {
    username: 'demo.market',
    password: 'DemoMarket2026',
    description: 'sub-merchant user of "Andes Demo Marketplace" (ANDES-DEMO-BR), BR MX',
  },
  condor: { username: 'condor.admin', password: 'DemoCondor2026', description: 'super admin of the other merchant, CONDOR (MX CO)' },
  reset: {
    username: 'demo.reset',
    password: 'DemoReset2026',
    description: 'role "Finance viewer", BR; must set a new password at the first sign-in (forced reset)',
  },
} as const satisfies Record<string, DemoSignIn>;

export type DemoUserKey = keyof typeof DEMO_SIGN_INS;

/** What each demo role grants (before closing over ancestors and dependencies). */
export const DEMO_ROLES = {
  'Finance viewer': [
    'home',
    'transactions:payin',
    'transactions:payout',
    'transactions:market-place',
    'transactions:detail',
    'transactions:export',
    'finance:payin',
    'finance:payout',
    'finance:marketplace',
    'reports:payin',
    'reports:payout',
    'reports:marketplace',
    'reports:payment-link',
    'reports:shopify',
    'reports:shoplazza',
    'global-balance',
    'download-center',
  ],
  'Payout operator': [
    'home',
    'transactions:payout',
    'transactions:detail',
    'payment:payout',
    'payment:payout:create',
    'accounting:payout-funding',
    'accounting:funding-detail',
    'accounting:funding:add',
    'accounting:funding:revoke',
    // Withdrawals, and the second person's approval of one above the threshold (four eyes with demo.admin).
    'accounting:withdrawal',
    'accounting:withdraws-detail',
    'accounting:withdrawal:add',
    'accounting:withdrawal:revoke',
    'accounting:withdrawal:approve',
  ],
  'Marketplace staff': ['home', 'transactions:payin', 'transactions:detail'],
} as const satisfies Record<string, readonly PermissionCode[]>;

type RoleName = keyof typeof DEMO_ROLES;

interface DemoMerchant {
  code: string;
  name: string;
  parent?: string;
  countries: readonly Country[];
  mergerAccount?: boolean;
  notSupportMergerCountry?: readonly Country[];
  subMerchantDividedBill?: boolean;
}

const MERCHANTS: readonly DemoMerchant[] = [
  {
    code: 'ANDES-DEMO',
    name: 'Andes Demo Store',
    countries: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'],
    mergerAccount: true,
    notSupportMergerCountry: ['ZA'],
    subMerchantDividedBill: true,
  },
  { code: 'ANDES-DEMO-BR', name: 'Andes Demo Marketplace', parent: 'ANDES-DEMO', countries: ['BR', 'MX'] },
  { code: 'ANDES-DEMO-CO', name: 'Andes Demo Travel', parent: 'ANDES-DEMO', countries: ['CO', 'CL', 'PE'] },
  { code: 'CONDOR', name: 'Condor Travel', countries: ['MX', 'CO'] },
];

interface DemoUser {
  key: DemoUserKey;
  merchant: string;
  subMerchant?: string;
  displayName: string;
  email: string;
  userType: number;
  superAdmin: boolean;
  countries: readonly Country[] | null;
  role?: RoleName;
  /** The first sign-in must set a new password (scene INITIAL); the others start with scene NORMAL. */
  mustChangePassword?: boolean;
}

const USERS: readonly DemoUser[] = [
  {
    key: 'admin',
    merchant: 'ANDES-DEMO',
    displayName: 'Ana Admin',
    email: 'ana.admin@andes-demo.test',
    userType: USER_TYPES.MERCHANT,
    superAdmin: true,
    countries: null,
  },
  {
    key: 'finance',
    merchant: 'ANDES-DEMO',
    displayName: 'Fernando Finance',
    email: 'fernando.finance@andes-demo.test',
    userType: USER_TYPES.MERCHANT,
    superAdmin: false,
    countries: ['BR', 'MX', 'CO'],
    role: 'Finance viewer',
  },
  {
    key: 'payout',
    merchant: 'ANDES-DEMO',
    displayName: 'Paula Payout',
    email: 'paula.payout@andes-demo.test',
    userType: USER_TYPES.MERCHANT,
    superAdmin: false,
    countries: ['BR', 'MX'],
    role: 'Payout operator',
  },
  {
    key: 'market',
    merchant: 'ANDES-DEMO',
    subMerchant: 'ANDES-DEMO-BR',
    displayName: 'Marta Marketplace',
    email: 'marta.market@andes-demo.test',
    userType: USER_TYPES.SUB_MERCHANT,
    superAdmin: false,
    countries: ['BR', 'MX'],
    role: 'Marketplace staff',
  },
  {
    key: 'condor',
    merchant: 'CONDOR',
    displayName: 'Carlos Condor',
    email: 'carlos.admin@condor.test',
    userType: USER_TYPES.MERCHANT,
    superAdmin: true,
    countries: null,
  },
  {
    key: 'reset',
    merchant: 'ANDES-DEMO',
    displayName: 'Renata Reset',
    email: 'renata.reset@andes-demo.test',
    userType: USER_TYPES.MERCHANT,
    superAdmin: false,
    countries: ['BR'],
    role: 'Finance viewer',
    mustChangePassword: true,
  },
];

/** The demo roles belong to this merchant (the sub-merchant user's role too: roles are the merchant's). */
const ROLES_MERCHANT = 'ANDES-DEMO';

/**
 * Seeds the demo merchants, roles and users when the database has no merchant yet, in one
 * transaction. Demo passwords are set as already changed (scene NORMAL), so the demo can be used
 * at once — except `demo.reset`'s, which must be changed at the first sign-in. Returns false when
 * there was data already.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, now: Date = new Date()): Promise<boolean> {
  // A restart finds merchants and hashes nothing (the six argon2id hashes are only for a new database).
  const anyMerchant = async (d: Db) => (await d.select({ id: merchants.id }).from(merchants).limit(1)).length > 0;
  if (await anyMerchant(db)) return false;
  const hashes = new Map(await Promise.all(USERS.map(async (u) => [u.key, await hasher.hash(DEMO_SIGN_INS[u.key].password)] as const)));
  return db.transaction(async (tx) => {
    if (await anyMerchant(tx)) return false;

    const merchantIds = new Map<string, number>();
    for (const m of MERCHANTS) {
      const parentId = m.parent ? merchantIds.get(m.parent) : undefined;
      const [row] = await tx
        .insert(merchants)
        .values({
          code: m.code,
          name: m.name,
          parentId: parentId ?? null,
          mergerAccount: m.mergerAccount ?? false,
          notSupportMergerCountry: [...(m.notSupportMergerCountry ?? [])],
          subMerchantDividedBill: m.subMerchantDividedBill ?? false,
          createdAt: now,
        })
        .returning({ id: merchants.id });
      if (!row) throw new Error(`demo seed: merchant ${m.code} was not created`);
      merchantIds.set(m.code, row.id);
      await tx.insert(merchantAreas).values(m.countries.map((country) => ({ merchantId: row.id, country })));
    }
    const idOf = (code: string): number => {
      const id = merchantIds.get(code);
      if (id === undefined) throw new Error(`demo seed: unknown merchant ${code}`);
      return id;
    };

    const roleIds = new Map<RoleName, number>();
    for (const [name, codes] of Object.entries(DEMO_ROLES) as [RoleName, readonly PermissionCode[]][]) {
      const [row] = await tx
        .insert(roles)
        .values({ merchantId: idOf(ROLES_MERCHANT), name, createdAt: now, updatedAt: now })
        .returning({ id: roles.id });
      if (!row) throw new Error(`demo seed: role ${name} was not created`);
      roleIds.set(name, row.id);
      await tx.insert(rolePermissions).values(codes.map((code) => ({ roleId: row.id, code })));
    }

    for (const u of USERS) {
      const passwordHash = hashes.get(u.key);
      if (!passwordHash) throw new Error(`demo seed: no hash for ${u.key}`);
      const [row] = await tx
        .insert(users)
        .values({
          merchantId: idOf(u.merchant),
          subMerchantId: u.subMerchant ? idOf(u.subMerchant) : null,
          username: DEMO_SIGN_INS[u.key].username,
          displayName: u.displayName,
          email: u.email,
          passwordHash,
          userType: u.userType,
          superAdmin: u.superAdmin,
          state: 1,
          mustChangePassword: u.mustChangePassword ?? false,
          passwordChangedAt: now,
          countries: u.countries ? [...u.countries] : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error(`demo seed: user ${u.key} was not created`);
      if (u.role) {
        const roleId = roleIds.get(u.role);
        if (roleId === undefined) throw new Error(`demo seed: unknown role ${u.role}`);
        await tx.insert(userRoles).values({ userId: row.id, roleId });
      }
    }
    await seedDemoIpTrustlists(tx, idOf('ANDES-DEMO'), now);
    await seedDemoMoney(tx, merchantIds, now);
    await seedDemoAccounting(tx, merchantIds, now);
    return true;
  });
}
