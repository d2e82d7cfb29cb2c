/** The same address for calendar apps that open `webcal:` links (Apple Calendar, Outlook). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
