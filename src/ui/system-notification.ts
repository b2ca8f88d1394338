/**
 * System notifications (spec §2 "push notification management"): the browser's permission, and
 * showing one through the service worker registration, which is also the only way an installed
 * app on Android may show one (there `new Notification` throws).
 */

/** The browser's answer, or `unsupported` where there is no Notification API (or no secure context). */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

const hasNotifications = (): boolean => typeof Notification !== 'undefined';

export function notificationPermission(): NotificationPermissionState {
  return hasNotifications() ? Notification.permission : 'unsupported';
}

/** Asks the browser once; it answers by itself (no prompt) when the user decided before. */
export async function askNotificationPermission(): Promise<NotificationPermissionState> {
  if (!hasNotifications()) return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch (error) {
    console.warn('The notification permission could not be asked', error);
    return Notification.permission;
  }
}

/**
 * Follows changes the user makes in the browser's site settings, where the Permissions API tells
 * them; returns the way to stop.
 */
export function watchNotificationPermission(
  onChange: (state: NotificationPermissionState) => void,
): () => void {
  let status: PermissionStatus | null = null;
  let stopped = false;
  const changed = () => {
    onChange(notificationPermission());
  };
  if (typeof navigator !== 'undefined' && 'permissions' in navigator)
    navigator.permissions
      .query({ name: 'notifications' })
      .then((answer) => {
        if (stopped) return;
        status = answer;
        status.addEventListener('change', changed);
      })
      .catch(() => {
        // Not every browser lists notifications in the Permissions API; the state is read on demand.
      });
  return () => {
    stopped = true;
    status?.removeEventListener('change', changed);
  };
}

export type SystemNotice = {
  title: string;
  body: string;
  /** Notices with one tag replace each other instead of piling up. */
  tag: string;
  /** The in-app address a click opens. */
  url: string;
};

/**
 * Shows a notice: through the service worker when one controls the app (its click handler opens
 * `url`), else with the page's Notification, whose click calls `onOpen(url)`. False when it could
 * not be shown (no permission, or the browser refused).
 */
export async function showSystemNotification(
  notice: SystemNotice,
  onOpen: (url: string) => void,
): Promise<boolean> {
  if (notificationPermission() !== 'granted') return false;
  const options: NotificationOptions = {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    data: { url: notice.url },
  };
  try {
    // `ready` never settles without a registration (development, or registration refused).
    // Outside a secure context there is no service worker container at all.
    const registered =
      'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registered) {
      const registration = await navigator.serviceWorker.ready;
      await registration.showNotification(notice.title, options);
      return true;
    }
  } catch (error) {
    console.warn('The service worker did not show the notification; trying the page', error);
  }
  try {
    const shown = new Notification(notice.title, options);
    shown.onclick = () => {
      window.focus();
      onOpen(notice.url);
      shown.close();
    };
    return true;
  } catch (error) {
    console.warn('The notification could not be shown', error);
    return false;
  }
}
