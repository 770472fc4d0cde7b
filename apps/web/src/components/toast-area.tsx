// Toasts are shown through lib/notify.ts, into Mantine's store, from anywhere. The container that draws
// them (with its transitions, about 6 KB gzip) is needed only once there is one: most visits show none.
// Once mounted it stays, so later toasts appear at once and leave with their transition.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { lazyImport } from '../lib/lazy-import';

const ToastContainer = lazy(() =>
  lazyImport(() => import('./toast-container')).then((m) => ({ default: m.ToastContainer })),
);

export function ToastArea() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
