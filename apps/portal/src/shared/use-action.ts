import { useCallback, useState } from 'react';

/**
 * An async action and whether a run of it is under way: what the login route needs of a mutation, without the query
 * library (DESIGN §6 budget). A rejected run rejects `run` as well.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [running, setRunning] = useState(0);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setRunning((count) => count + 1);
      try {
        return await action(...args);
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [action],
  );
  return { run, isPending: running > 0 };
}
