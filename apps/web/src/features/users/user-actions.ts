// What an operator can do to one user; shared by the row menu and the detail drawer.

import { USERS_API } from '../../lib/backoffice/paths';
import { useResourceActions } from '../../lib/resource/actions';
import type { UserRow } from './api';

export function useUserActions() {
  const actions = useResourceActions<UserRow>(USERS_API);
  return {
    ...actions,
    block: (user: Pick<UserRow, 'id'>) => actions.setStatus.mutateAsync({ id: user.id, enabled: false }),
    unblock: (user: Pick<UserRow, 'id'>) => actions.setStatus.mutateAsync({ id: user.id, enabled: true }),
    unlock: (user: Pick<UserRow, 'id'>) => actions.action.mutateAsync({ id: user.id, name: 'unlock' }),
    resetAuthenticator: (user: Pick<UserRow, 'id'>) =>
      actions.action.mutateAsync({ id: user.id, name: 'reset-authenticator', method: 'POST' }),
    resendActivation: (user: Pick<UserRow, 'id'>) =>
      actions.action.mutateAsync({ id: user.id, name: 'resend-activation', method: 'POST' }),
  };
}
