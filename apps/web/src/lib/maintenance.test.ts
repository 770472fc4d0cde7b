import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeMaintenance, getMaintenanceState, showMaintenance, subscribeMaintenance } from './maintenance';

afterEach(() => closeMaintenance());

describe('maintenance store', () => {
  it('opens once however many failures arrive', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeMaintenance(listener);
    expect(showMaintenance({ loggedIn: true })).toBe(true);
    expect(showMaintenance({ loggedIn: false })).toBe(false);
    expect(showMaintenance({ loggedIn: true })).toBe(false);
    expect(getMaintenanceState()).toEqual({ open: true, loggedIn: true });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('opens again after being closed, with the new audience', () => {
    showMaintenance({ loggedIn: true });
    closeMaintenance();
    expect(getMaintenanceState().open).toBe(false);
    expect(showMaintenance({ loggedIn: false })).toBe(true);
    expect(getMaintenanceState()).toEqual({ open: true, loggedIn: false });
  });
});
