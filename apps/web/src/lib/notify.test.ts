import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, notifyError, notifyInfo, notifySuccess } from './notify';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** The toasts on screen (and waiting for room), as the user would count them. */
const shown = () => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue].map((toast) => toast.message);
};

describe('toasts', () => {
  it.each([
    ['success', notifySuccess, 3000, 'green'],
    ['error', notifyError, 8000, 'red'],
    ['info', notifyInfo, 3000, 'blue'],
  ] as const)('%s toasts last their set duration in their colour', (_kind, show, duration, color) => {
    const spy = vi.spyOn(notifications, 'show').mockReturnValue('id');
    show('Saved', { title: 'Title' });
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Saved', title: 'Title', autoClose: duration, color }),
    );
  });

  it('the default toast lasts 5000 ms in the theme colour', () => {
    const spy = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notify('Hello');
    const [data] = spy.mock.calls[0] ?? [];
    expect(data?.autoClose).toBe(5000);
    expect(data?.color).toBeUndefined();
  });

  it('passes a stable id through and returns the toast id', () => {
    const spy = vi.spyOn(notifications, 'show').mockReturnValue('toast-1');
    expect(notifyError('Nope', { id: 'save-error' })).toBe('toast-1');
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ id: 'save-error' });
  });

  it('shows the same message once while it is on screen, and again once it has gone', () => {
    for (let attempt = 0; attempt < 5; attempt++) notifyError('The server is not reachable.');
    expect(shown()).toEqual(['The server is not reachable.']);

    notifyError('Saving failed.');
    notifyInfo('The server is not reachable.');
    expect(shown()).toEqual(['The server is not reachable.', 'Saving failed.', 'The server is not reachable.']);

    const [first] = notificationsStore.getState().notifications;
    notifications.hide(first!.id!);
    notifyError('The server is not reachable.');
    expect(shown()).toEqual(['Saving failed.', 'The server is not reachable.', 'The server is not reachable.']);
  });

  it('tells apart the same message under different titles', () => {
    notifyError('Try again.', { title: 'Upload failed' });
    notifyError('Try again.', { title: 'Download failed' });
    notifyError('Try again.', { title: 'Upload failed' });
    expect(shown()).toHaveLength(2);
  });
});
