import { NumberInput, type NumberInputProps } from '@mantine/core';
import { fromPercent, toPercent } from '../lib/question-types.ts';

interface PercentInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** The stored fraction (0–1); anything else shows empty. */
  value: unknown;
  /** The fraction typed (a percentage ÷ 100), or '' when emptied. */
  onChange: (value: number | string) => void;
}

/** A score or target: typed and shown as 0–100 %, stored as 0–1. */
export function PercentInput({ value, onChange, ...rest }: PercentInputProps) {
  return (
    <NumberInput
      min={0}
      max={100}
      step={5}
      decimalScale={2}
      suffix=" %"
      clampBehavior="blur"
      {...rest}
      value={toPercent(value)}
      onChange={(v) => onChange(fromPercent(v))}
    />
  );
}
