// Where toasts appear (top right). Its own chunk, loaded with the first toast (components/toast-area.tsx).
import { Notifications } from '@mantine/notifications';

export function ToastContainer() {
  return <Notifications position="top-right" />;
}
