import { TOAST_DEFAULT_DURATION } from '@return-center/contract/zod-free';
import { create } from 'zustand';

export interface Toast {
  key: string;
  message: string;
  kind: 'info' | 'success' | 'error';
  duration: number;
}

/** Global client state of spec §3: toasts, the full-screen and overlay loading flags, registered errors. */
interface UiState {
  toasts: Toast[];
  fullScreenLoading: boolean;
  overlayCount: number;
  errorNotices: Record<string, { channel: 'error' | 'notice'; message: string }>;
  /** Adds a toast, or replaces the one with the same key. */
  toast: (message: string, options?: Partial<Omit<Toast, 'message'>>) => void;
  dismiss: (key: string) => void;
  setFullScreenLoading: (value: boolean) => void;
  startLoading: () => void;
  endLoading: () => void;
  registerError: (url: string, channel: 'error' | 'notice', message: string) => void;
  clearErrors: (url: string) => void;
}

let counter = 0;

export const useUi = create<UiState>((set) => ({
  toasts: [],
  fullScreenLoading: true,
  overlayCount: 0,
  errorNotices: {},
  toast(message, options = {}) {
    const toast: Toast = {
      key: options.key ?? `toast-${++counter}`,
      message,
      kind: options.kind ?? 'info',
      duration: options.duration ?? TOAST_DEFAULT_DURATION,
    };
    set((state) => ({ toasts: [...state.toasts.filter((t) => t.key !== toast.key), toast] }));
  },
  dismiss(key) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.key !== key) }));
  },
  setFullScreenLoading(fullScreenLoading) {
    set({ fullScreenLoading });
  },
  startLoading() {
    set((state) => ({ overlayCount: state.overlayCount + 1 }));
  },
  endLoading() {
    set((state) => ({ overlayCount: Math.max(0, state.overlayCount - 1) }));
  },
  registerError(url, channel, message) {
    set((state) => ({ errorNotices: { ...state.errorNotices, [url]: { channel, message } } }));
  },
  clearErrors(url) {
    set((state) => {
      const { [url]: _removed, ...rest } = state.errorNotices;
      return { errorNotices: rest };
    });
  },
}));
