import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { t } from './messages.ts';

const FONT = '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Text that may hold a name breaks anywhere rather than widening its box (see NameText). */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/*
 * Colours: every text meets WCAG AA (4.5:1) in both colour schemes, checked by axe over every
 * screen (e2e/a11y.spec.ts). Mantine's defaults do not, so some shades are deepened here:
 * - dimmed text is gray-6 in light (#868e96: 3.3:1 on white) and dark-2 in dark (#828282:
 *   4.0:1 on the body, 3.5:1 on a card): now ≥ 4.5:1 on white, gray-0 to gray-2 and a
 *   selected item's light indigo (light), and on the body and a card (dark);
 * - the primary shade in light was 6 for every colour (#4c6ef5 under white button labels and as
 *   links on white: 4.3:1); it is 8 (indigo-8 #3b5bdb: 5.7:1, as on the respondent page);
 * - with it, `c="green"` text and filled badges use shade 8, and light badges shade 9 on
 *   shade 1: green, teal, orange, yellow, red, cyan and lime are too light there, and get a
 *   deeper 8 and 9 (≥ 4.6:1 on gray-0, and on shade 1 and 2); in dark those shades are only
 *   backgrounds under light text, where deeper is better too;
 * - violet-4, its text colour in dark, is lightened (4.0:1 on a card before);
 * - shade 9 is also a light button's text on shade 2 when hovered: deepened for indigo, blue
 *   and violet too.
 * The comments give Mantine's value.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5c636a', // #868e96
  '#495057',
  '#343a40',
  '#212529',
];
const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#a1a1a1', // #828282
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];
// prettier-ignore
const deeper = {
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e',
    '#d52f2f', /* #e03131 */ '#af2525' /* #c92a2a */],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678',
    '#08805c', /* #099268 */ '#077050' /* #087f5b */],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707',
    '#c14a0a', /* #e8590c */ '#ab390c' /* #d9480f */],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00',
    '#a35f00', /* #f08c00 */ '#9a5000' /* #e67700 */],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d',
    '#268037', /* #2f9e44 */ '#237133' /* #2b8a3e */],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#15aabf', '#1098ad',
    '#0b7c8e', /* #0c8599 */ '#0a697a' /* #0b7285 */],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#82c91e', '#74b816',
    '#4d7e0b', /* #66a80f */ '#46700a' /* #5c940d */],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#a183fb', /* #9775fa */ '#845ef7',
    '#7950f2', '#7048e8', '#6741d9', '#5939b8' /* #5f3dc4 */],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4c6ef5', '#4263eb',
    '#3b5bdb', '#3249b7' /* #364fc7 */],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6',
    '#1971c2', '#165b9c' /* #1864ab */],
} satisfies Record<string, MantineColorsTuple>;

/**
 * The scheme-wide colours Mantine does not derive from the palette: error text is red-6 in
 * light (#fa5252: 3.3:1 on white) and red-8 in dark (3.5:1 on the body), success is teal-8 in
 * dark. Pass it to MantineProvider with the theme (every entry does).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
  },
});

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  colors: { gray, dark, ...deeper },
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
  components: {
    // A link inside a sentence is told apart from the text by more than its colour (in the
    // dark scheme no link colour can differ enough from the light-gray text: WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // "<name> was archived.", "Remove <name>?": messages and dialog titles that quote a name.
    // Every close button (an ×) has a name; a component may give a more precise one. Getters:
    // the words are read when the provider renders, in the language chosen at boot.
    Notification: {
      defaultProps: {
        closeButtonProps: {
          get 'aria-label'() {
            return t('close.dismiss');
          },
        },
      },
      styles: { description: WRAP_ANYWHERE, title: WRAP_ANYWHERE },
    },
    Modal: {
      defaultProps: {
        closeButtonProps: {
          get 'aria-label'() {
            return t('close.close');
          },
        },
      },
      styles: { title: { ...WRAP_ANYWHERE, minWidth: 0 } },
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: {
          get 'aria-label'() {
            return t('close.close');
          },
        },
      },
    },
    Alert: {
      defaultProps: {
        get closeButtonLabel() {
          return t('close.dismiss');
        },
      },
      styles: { message: WRAP_ANYWHERE, title: WRAP_ANYWHERE },
    },
  },
});
