// The notifications' outlet and its styles: a chunk of its own, loaded by DeferredNotifications
// (providers.tsx) when the page is idle or something is to be shown, never before the first
// paint. `notifications.show()` works before it mounts: the store keeps what was shown.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
