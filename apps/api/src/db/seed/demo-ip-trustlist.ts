import { parseIpEntry } from '@andes/contract/common/ip';
import type { IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import type { Db } from '../client.ts';
import { ipAccessSettings, ipTrustlistEntries } from '../schema/ip-trustlist.ts';

/** The demo merchant's trust lists: this machine and two offices may use the dashboard; two API callers. */
export const DEMO_IP_TRUSTLISTS: Readonly<Record<IpTrustlistType, readonly { value: string; remark: string }[]>> = {
  DASHBOARD: [
    { value: '127.0.0.1', remark: 'This computer (IPv4)' },
    { value: '::1', remark: 'This computer (IPv6)' },
    { value: '203.0.113.0/24', remark: 'São Paulo office' },
    { value: '2001:db8:5a0::/48', remark: 'Mexico City office' },
  ],
  API: [
    { value: '198.51.100.20', remark: 'Checkout server' },
    { value: '198.51.100.64/27', remark: 'Payout workers' },
  ],
};

/**
 * Seeds the demo merchant's IP trust lists with the restriction OFF (the demo is used from
 * anywhere until someone switches it on), within the demo seed's transaction.
 */
export async function seedDemoIpTrustlists(tx: Db, merchantId: number, now: Date): Promise<void> {
  await tx.insert(ipAccessSettings).values({ merchantId, mode: 'OFF', version: 1 });
  const rows = (Object.entries(DEMO_IP_TRUSTLISTS) as [IpTrustlistType, (typeof DEMO_IP_TRUSTLISTS)[IpTrustlistType]][]).flatMap(
    ([listType, entries]) =>
      entries.map(({ value, remark }) => {
        const parsed = parseIpEntry(value);
        if (!parsed.ok || parsed.entry.value !== value) throw new Error(`demo seed: ${value} is not a canonical trust-list entry`);
        return {
          merchantId,
          listType,
          value,
          kind: parsed.entry.kind,
          ipVersion: parsed.entry.version,
          remark,
          updatedBy: 'demo.admin',
          createdAt: now,
          updatedAt: now,
        };
      }),
  );
  await tx.insert(ipTrustlistEntries).values(rows);
}
