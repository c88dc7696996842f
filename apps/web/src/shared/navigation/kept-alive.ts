import { create } from 'zustand';

interface KeptAliveState {
  /** The address (path, query and hash) each kept-alive page was last shown at, by its route path. */
  addresses: Readonly<Record<string, string>>;
  remember(routePath: string, address: string): void;
  forgetAll(): void;
}

/**
 * Where the kept-alive pages (the lists) were left. The side menu leads back there, so coming back
 * to a list by its menu entry keeps its filters and page (they live in the address) as the browser's
 * back button does. Not persisted: a reload starts every list afresh from its address.
 */
export const useKeptAlive = create<KeptAliveState>()((set) => ({
  addresses: {},
  remember: (routePath, address) =>
    set((s) => (s.addresses[routePath] === address ? s : { addresses: { ...s.addresses, [routePath]: address } })),
  forgetAll: () => set({ addresses: {} }),
}));

/** The address the menu entry of `routePath` leads to: where its kept-alive page was left, else the route itself. */
export function useMenuAddress(routePath: string): string {
  return useKeptAlive((s) => s.addresses[routePath] ?? routePath);
}
