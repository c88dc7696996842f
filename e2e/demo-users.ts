/** The demo sign-ins of the README, and what each should see. */
export const DEMO = {
  admin: { username: 'demo.admin', password: 'DemoAdmin2026' },
  finance: { username: 'demo.finance', password: 'DemoFinance2026' },
  payout: { username: 'demo.payout', password: 'DemoPayout2026' },
  market: { username: 'demo.market', password: 'DemoMarket2026' },
  /** Super admin of the other merchant, CONDOR (the message tests publish to it: no other test signs in as it). */
  condor: { username: 'condor.admin', password: 'DemoCondor2026' },
  /** Must choose a new password at first sign-in. */
  reset: { username: 'demo.reset', password: 'DemoReset2026' },
} as const;
