import { createTheme } from '@mantine/core';

const FONT = '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Text that may hold a name breaks anywhere rather than widening its box (see NameText). */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
  components: {
    // "<name> was archived.", "Remove <name>?": messages and dialog titles that quote a name.
    Notification: { styles: { description: WRAP_ANYWHERE, title: WRAP_ANYWHERE } },
    Modal: { styles: { title: { ...WRAP_ANYWHERE, minWidth: 0 } } },
    Alert: { styles: { message: WRAP_ANYWHERE, title: WRAP_ANYWHERE } },
  },
});
