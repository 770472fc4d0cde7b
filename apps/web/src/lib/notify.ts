// Toasts (spec §9): one place decides colour and duration per kind, so every screen behaves the same.
// Position (top-right) is set once on <Notifications> in app.tsx.

import { TOAST_DURATION_MS } from '@lombard/shared/constants';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export type ToastKind = keyof typeof TOAST_DURATION_MS;

export interface ToastOptions {
  title?: ReactNode;
  /** Stable id: a second toast with the same id replaces the first instead of stacking. */
  id?: string;
}

const COLOR: Record<ToastKind, string | undefined> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  default: undefined,
};

/** Shows a toast of the given kind and returns its id. */
export function notify(message: ReactNode, options: ToastOptions & { kind?: ToastKind } = {}): string {
  const kind = options.kind ?? 'default';
  return notifications.show({
    id: options.id,
    title: options.title,
    message,
    color: COLOR[kind],
    autoClose: TOAST_DURATION_MS[kind],
    'data-kind': kind,
  });
}

export function notifySuccess(message: ReactNode, options: ToastOptions = {}): string {
  return notify(message, { ...options, kind: 'success' });
}

export function notifyError(message: ReactNode, options: ToastOptions = {}): string {
  return notify(message, { ...options, kind: 'error' });
}

export function notifyInfo(message: ReactNode, options: ToastOptions = {}): string {
  return notify(message, { ...options, kind: 'info' });
}
