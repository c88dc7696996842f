/** Events the API client raises for interface pieces outside the failing call. */
export interface ApiEvents {
  /** The server asks for the MFA code (200023); every request in flight was aborted. */
  'mfa-required': { path: string };
}

type Listener<T> = (payload: T) => void;

export interface EventBus<E> {
  on<K extends keyof E>(type: K, listener: Listener<E[K]>): () => void;
  emit<K extends keyof E>(type: K, payload: E[K]): void;
}

export function createEventBus<E>(): EventBus<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(type, payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) (listener as Listener<typeof payload>)(payload);
    },
  };
}

export const apiEvents = createEventBus<ApiEvents>();
