/**
 * Leaves the app for the billing provider's page (checkout, payment method). Its own module so
 * that tests can stand in for the navigation.
 */
export function goToProvider(url: string): void {
  window.location.href = url;
}
