import type { TrendFigure } from '@tenantry/shared';
import { t } from '../../messages.ts';

export type TrendDirection = 'up' | 'down' | 'flat' | 'none';

/** Which way a figure moved against the period before ('none' when that is not known). */
export function trendOf(figure: TrendFigure): TrendDirection {
  if (figure.previous === null) return 'none';
  if (figure.value > figure.previous) return 'up';
  if (figure.value < figure.previous) return 'down';
  return 'flat';
}

/** "up from 4", "down from 9", "same as before", or '' when the period before is not known. */
export function trendLabel(figure: TrendFigure, format: (n: number) => string = String): string {
  const dir = trendOf(figure);
  if (dir === 'none') return '';
  if (dir === 'flat') return t('overview.trend.flat');
  const previous = format(figure.previous ?? 0);
  return dir === 'up'
    ? t('overview.trend.up', { previous })
    : t('overview.trend.down', { previous });
}

/** Whether a rise is bad news (errors, failures, past due…): the arrow is then red. */
export function trendColor(dir: TrendDirection, riseIsBad: boolean): string {
  if (dir === 'flat' || dir === 'none') return 'dimmed';
  return (dir === 'up') !== riseIsBad ? 'teal' : 'red';
}

/** The period of the overview from the URL (`?days=30`), 7 by default. */
export function readDays(params: URLSearchParams): 7 | 30 {
  return params.get('days') === '30' ? 30 : 7;
}
