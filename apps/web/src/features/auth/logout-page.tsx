import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { usePageMeta } from '../../lib/page-meta';
import { logout } from '../../lib/session/logout';
import { LOGIN_PATH } from '../../lib/session/navigation';

/** /auth/logout: revokes the session on the server, forgets it here, then shows the login screen. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('logout.title'));
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);

  return <PageLoader />;
}
