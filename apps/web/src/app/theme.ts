import { createTheme } from '@mantine/core';

const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
});
