/** What happy-dom lacks for antd: ResizeObserver, and a matchMedia that answers width and reduced-motion queries. */

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function installResizeObserver(): void {
  if (!('ResizeObserver' in globalThis)) Object.defineProperty(globalThis, 'ResizeObserver', { value: NoopResizeObserver, writable: true });
}

type ChangeListener = (event: MediaQueryListEvent) => void;

interface FakeMediaQueryList extends MediaQueryList {
  update(): void;
}

let viewportWidth = 1280;
const lists = new Set<FakeMediaQueryList>();

/** The tests run as for a person who asked for reduced motion: antd then skips its animations. */
const REDUCED_MOTION = /\(prefers-reduced-motion:\s*reduce\)/;

function evaluate(query: string, width: number): boolean {
  if (REDUCED_MOTION.test(query)) return true;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value]) => (kind === 'max' ? width <= Number(value) : width >= Number(value)));
}

function createList(query: string): FakeMediaQueryList {
  const listeners = new Set<ChangeListener>();
  let matches = evaluate(query, viewportWidth);
  const list = {
    media: query,
    get matches() {
      return matches;
    },
    onchange: null,
    addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
    addListener: (listener: ChangeListener) => listeners.add(listener),
    removeListener: (listener: ChangeListener) => listeners.delete(listener),
    dispatchEvent: () => true,
    update() {
      const next = evaluate(query, viewportWidth);
      if (next === matches) return;
      matches = next;
      for (const listener of listeners) listener({ matches, media: query } as MediaQueryListEvent);
    },
  };
  return list as unknown as FakeMediaQueryList;
}

/** Installs a matchMedia for a viewport `width` px wide. */
export function installMatchMedia(width: number): void {
  viewportWidth = width;
  lists.clear();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const list = createList(query);
      lists.add(list);
      return list;
    },
  });
}

/** Resizes the fake viewport: every media query list created so far re-evaluates and notifies. */
export function resizeViewport(width: number): void {
  viewportWidth = width;
  for (const list of lists) list.update();
}
