// Toasts: one place decides colour, duration and the close button's name per kind, so every screen
// behaves the same. Position (top-right) is set once, in components/toast-container.tsx.

import { TOAST_DURATION_MS } from '@lombard/shared/constants';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
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

/** A short stable hash (djb2) of a text, so that a toast's text can name it without being its id. */
function hash(text: string): string {
  let value = 5381;
  for (let i = 0; i < text.length; i++) value = ((value * 33) ^ text.charCodeAt(i)) >>> 0;
  return value.toString(36);
}

/**
 * The toast's id: the caller's, else one derived from its kind and text, so that the same message shown
 * again while it is on screen (five failed requests in a row) stays one toast instead of a stack. A
 * toast whose content is not plain text cannot be compared and always shows.
 */
function toastId(kind: ToastKind, message: ReactNode, options: ToastOptions): string | undefined {
  if (options.id) return options.id;
  const plain = (node: ReactNode) => node === undefined || typeof node === 'string' || typeof node === 'number';
  if (!plain(message) || !plain(options.title)) return undefined;
  return `toast-${kind}-${hash(`${options.title ?? ''}\u0000${message ?? ''}`)}`;
}

/** Shows a toast of the given kind and returns its id; an identical visible toast is not repeated. */
export function notify(message: ReactNode, options: ToastOptions & { kind?: ToastKind } = {}): string {
  const kind = options.kind ?? 'default';
  return notifications.show({
    id: toastId(kind, message, options),
    title: options.title,
    message,
    color: COLOR[kind],
    autoClose: TOAST_DURATION_MS[kind],
    // The close button is an icon: without a name a screen reader announces only "button". Translated
    // when the toast is shown, in the language of the moment (the common catalogue is always loaded).
    closeButtonProps: { 'aria-label': i18next.t('common:toast.close') },
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
