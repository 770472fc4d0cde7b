import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** The row open in the drawer is the `:id` of the path; opening and closing keep the list's query. */
export function useDetailRoute(listPath: string) {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const open = useCallback(
    (rowId: string | number) => void navigate({ pathname: `${listPath}${rowId}/`, search }),
    [navigate, listPath, search],
  );
  const close = useCallback(() => void navigate({ pathname: listPath, search }), [navigate, listPath, search]);
  return { id: id ?? null, open, close };
}
