// The maintenance dialog as a tiny external store. The HTTP layer calls showMaintenance() from outside
// React (interceptors); <MaintenanceDialog> subscribes. However many failing calls arrive at once, only
// the first opens the dialog: later calls are ignored until the user closes it.
import { useSyncExternalStore } from 'react';

export interface MaintenanceState {
  open: boolean;
  /** Logged-in users see "System in maintenance"; logged-out ones "Communication with server failed". */
  loggedIn: boolean;
}

const CLOSED: MaintenanceState = { open: false, loggedIn: false };

let state: MaintenanceState = CLOSED;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens the maintenance dialog unless one is already open. Returns true when this call opened it. */
export function showMaintenance(options: { loggedIn: boolean }): boolean {
  if (state.open) return false;
  state = { open: true, loggedIn: options.loggedIn };
  emit();
  return true;
}

/** Closes the dialog; the next showMaintenance() call opens a fresh one. */
export function closeMaintenance(): void {
  if (!state.open) return;
  state = { ...state, open: false };
  emit();
}

export function getMaintenanceState(): MaintenanceState {
  return state;
}

export function subscribeMaintenance(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useMaintenanceState(): MaintenanceState {
  return useSyncExternalStore(subscribeMaintenance, getMaintenanceState, getMaintenanceState);
}
