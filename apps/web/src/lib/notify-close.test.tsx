// A toast's close button is an icon: it carries a name in the language of the moment, so a screen reader
// says what it does (and axe no longer flags the error toasts).
import { Notifications, notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { initI18n } from './i18n/i18n';
import { notifyError, notifySuccess } from './notify';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => act(() => notifications.clean()));

describe('toast close button', () => {
  it('is named in English on an error toast', async () => {
    renderWithProviders(<Notifications />);
    act(() => {
      notifyError('The server is not reachable.');
    });
    expect(await screen.findByRole('button', { name: 'Close the notification' })).toBeInTheDocument();
  });

  it('is named in Italian once the language changes', async () => {
    await i18next.changeLanguage('it');
    renderWithProviders(<Notifications />, { language: 'it' });
    act(() => {
      notifySuccess('Salvato.');
    });
    expect(await screen.findByRole('button', { name: 'Chiudi la notifica' })).toBeInTheDocument();
  });
});
