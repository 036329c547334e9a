import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadResult } from '../light/http';

export type LoadState<T> = { kind: 'loading' } | LoadResult<T>;

/**
 * Loads with `load` whenever `key` changes (an abortable fetch: a late answer to an old key is
 * dropped) and offers `retry`. While a new key loads, the last value loaded stays in `stale`, so a
 * list does not blink away between pages. `load` may be a new function on each render: `key`
 * names what it loads.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<LoadResult<T>>,
): { state: LoadState<T>; stale: T | null; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const last = useRef<T | null>(null);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    loader.current(controller.signal).then(
      (result) => {
        if (result.kind === 'ok') last.current = result.value;
        setState(result);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, stale: state.kind === 'loading' ? last.current : null, retry };
}
