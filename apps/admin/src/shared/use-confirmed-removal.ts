import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api } from './api';

/**
 * A row removed after a confirmation (an API key, a staff account): which row is being asked about, and the props
 * of the ConfirmDialog that asks. The list under `listKey` is read again once the server has removed it.
 */
export function useConfirmedRemoval<T extends { id: number }>(
  pathOf: (id: number) => string,
  listKey: readonly unknown[],
) {
  const client = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const removal = useMutation({
    mutationFn: (id: number) => api('DELETE', pathOf(id), z.null()),
    onSuccess: () => {
      setTarget(null);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
  return {
    target,
    ask: (row: T) => {
      removal.reset();
      setTarget(row);
    },
    dialog: {
      open: target !== null,
      busy: removal.isPending,
      error: removal.error?.message,
      onConfirm: () => target && removal.mutate(target.id),
      onClose: () => setTarget(null),
    },
  };
}
