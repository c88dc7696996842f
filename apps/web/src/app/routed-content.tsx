import { useEffect, useState } from 'react';
import { type Location, matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { useKeptAlive } from '../shared/navigation/kept-alive.ts';
import { NOT_FOUND_PATH } from '../shared/navigation/paths.ts';
import type { RouteEntry } from '../shared/routing/route-entry.ts';
import { LazyPage } from './lazy-page.tsx';

const matches = (entry: RouteEntry, pathname: string) => matchPath({ path: entry.path, end: true }, pathname) !== null;

/**
 * Pages marked `keepAlive` stay mounted once visited: while another screen shows, they are hidden
 * and keep seeing the location they were last shown at, so a list keeps its scroll, filters and
 * loaded rows when the user comes back from a detail page.
 */
function KeptAlivePages({ entries }: { entries: readonly RouteEntry[] }) {
  const location = useLocation();
  const [lastSeen, setLastSeen] = useState<ReadonlyMap<string, Location>>(new Map());
  const active = entries.find((entry) => matches(entry, location.pathname));
  const remember = useKeptAlive((s) => s.remember);
  const forgetAll = useKeptAlive((s) => s.forgetAll);

  useEffect(() => {
    if (!active) return;
    setLastSeen((seen) => (seen.get(active.path) === location ? seen : new Map(seen).set(active.path, location)));
    remember(active.path, `${location.pathname}${location.search}${location.hash}`);
  }, [active, location, remember]);
  // Signed out (or the routes replaced): the menu leads to the bare routes again.
  useEffect(() => forgetAll, [forgetAll]);

  return (
    <>
      {entries.map((entry) => {
        const shown = entry === active;
        const at = shown ? location : lastSeen.get(entry.path);
        if (!at) return null;
        return (
          <div key={entry.path} hidden={!shown}>
            <Routes location={at}>
              <Route path={entry.path} element={<LazyPage loader={entry.lazy} />} />
            </Routes>
          </div>
        );
      })}
    </>
  );
}

/** The registered screens of the signed-in user; `/` leads to `landing`, anything else to /404. */
export function RoutedContent({ registered, landing }: { registered: readonly RouteEntry[]; landing: string | null }) {
  const keptAlive = registered.filter((entry) => entry.keepAlive);
  return (
    <>
      <Routes>
        {registered.map((entry) => (
          <Route key={entry.path} path={entry.path} element={entry.keepAlive ? null : <LazyPage loader={entry.lazy} />} />
        ))}
        <Route path="/" element={<Navigate to={landing ?? NOT_FOUND_PATH} replace />} />
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
      {keptAlive.length > 0 && <KeptAlivePages entries={keptAlive} />}
    </>
  );
}
