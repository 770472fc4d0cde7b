// The customer's current advance (in progress or active) and, for an active one, its open margin call.
// The list row carries no margin call, so the active advance's detail is read for it: the home and the
// loan overview both warn from here.
import { ADVANCE_STATUS, isInProgress } from '@lombard/shared/advance-status';
import { useQuery } from '@tanstack/react-query';
import { advanceDetailQuery, myAdvancesQuery } from './queries';

export function useCurrentAdvance() {
  const advances = useQuery(myAdvancesQuery);
  const current = advances.data?.results.find(
    (advance) => isInProgress(advance.status) || advance.status === ADVANCE_STATUS.active,
  );
  const detail = useQuery({
    ...advanceDetailQuery(current?.id ?? 0),
    enabled: current?.status === ADVANCE_STATUS.active,
  });
  return { advances, current, marginCall: detail.data?.margin_call ?? null };
}
