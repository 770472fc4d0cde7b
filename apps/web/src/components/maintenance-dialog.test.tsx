import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeMaintenance, getMaintenanceState, showMaintenance } from '../lib/maintenance';
import { renderWithProviders } from '../test/render';
import { LOGIN_PATH, MaintenanceDialog } from './maintenance-dialog';

afterEach(() => act(() => closeMaintenance()));

describe('MaintenanceDialog', () => {
  it('shows one dialog for many failures, "System in maintenance" when logged in', async () => {
    const navigate = vi.fn();
    renderWithProviders(<MaintenanceDialog navigate={navigate} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      showMaintenance({ loggedIn: true });
      showMaintenance({ loggedIn: true });
      showMaintenance({ loggedIn: false });
    });
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(screen.getByText('System in maintenance')).toBeInTheDocument();
    expect(
      screen.getByText('This operation is not possible at this time. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/redirected to the login page/)).toBeNull();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(getMaintenanceState().open).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('cannot be dismissed with Escape or the backdrop', async () => {
    renderWithProviders(<MaintenanceDialog navigate={vi.fn()} />);
    act(() => {
      showMaintenance({ loggedIn: true });
    });
    const dialog = (await screen.findByRole('dialog')) as HTMLDialogElement;
    fireEvent.keyDown(dialog, { key: 'Escape' });
    // What Escape does to a modal dialog: a cancel it refuses, or, when the browser insists, a close.
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
    expect(dialog.open).toBe(true);
    fireEvent.click(document.body);
    expect(getMaintenanceState().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'System in maintenance' })).toBeInTheDocument();
  });

  it('tells logged-out users about the login redirect and takes them there on OK', async () => {
    const navigate = vi.fn();
    renderWithProviders(<MaintenanceDialog navigate={navigate} />, { language: 'it' });
    act(() => {
      showMaintenance({ loggedIn: false });
    });
    expect(await screen.findByText('Comunicazione con il server non riuscita')).toBeInTheDocument();
    expect(screen.getByText(/reindirizzato alla pagina di accesso/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(navigate).toHaveBeenCalledWith(LOGIN_PATH);
    expect(LOGIN_PATH).toBe('/auth/login/');
    await waitFor(() => expect(getMaintenanceState().open).toBe(false));
  });
});
